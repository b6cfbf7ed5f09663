import { cn } from "~/lib/cn";

function initials(name: string) {
  const words = name
    .replace(/\(.*?\)/g, "")
    .split(/\s+/)
    .filter((w) => w.length > 2 || /^[A-Z]/.test(w));
  return (words[0]?.[0] ?? "") + (words[1]?.[0] ?? "");
}

/** A partner's logo, or its initials on a tile when it has none. */
export function PartnerLogo({ name, logoUrl, className }: { name: string; logoUrl: string | null; className?: string }) {
  if (logoUrl) {
    return (
      <img
        src={logoUrl}
        alt={`Logo de ${name}`}
        loading="lazy"
        decoding="async"
        className={cn("object-contain", className)}
        width={160}
        height={160}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={`Logo de ${name}`}
      className={cn("inline-flex items-center justify-center rounded-2xl bg-navy-900 font-extrabold uppercase text-white", className)}
    >
      <span aria-hidden>{initials(name).toUpperCase() || "?"}</span>
    </span>
  );
}
