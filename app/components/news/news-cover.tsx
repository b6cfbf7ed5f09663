import { Newspaper } from "~/components/icons/sprite";
import { cn } from "~/lib/cn";

/** A post's cover, or a branded placeholder when it has none. Always fills its box. */
export function NewsCover({ src, className, eager, sizes }: { src: string | null; className?: string; eager?: boolean; sizes?: string }) {
  if (src) {
    return (
      <img
        src={src}
        alt=""
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={eager ? "high" : undefined}
        sizes={sizes}
        className={cn("size-full object-cover", className)}
      />
    );
  }
  return (
    <div
      aria-hidden
      className={cn(
        "relative grid size-full place-items-center overflow-hidden bg-gradient-to-br from-navy-900 via-navy-800 to-brand-800",
        className,
      )}
    >
      <div className="absolute inset-0 bg-[radial-gradient(18rem_10rem_at_85%_10%,rgba(251,191,36,0.25),transparent)]" />
      <Newspaper className="relative size-12 text-white/70" strokeWidth={1.5} />
    </div>
  );
}
