import { ArrowRight } from "~/components/icons/public-icons";
import { Link } from "react-router";
// clsx, not ~/lib/cn: no class here overrides another, and public pages don't load tailwind-merge.
import { clsx } from "clsx";

/**
 * A home page section's eyebrow and title (`id` names the section through aria-labelledby), with
 * an optional link to the whole list beside it; `dark` on the navy sections.
 */
export function SectionHeading({
  id,
  eyebrow,
  title,
  to,
  more,
  dark = false,
}: {
  id: string;
  eyebrow: string;
  title: string;
  /** The whole list's address and the link's text. */
  to?: string;
  more?: string;
  dark?: boolean;
}) {
  const heading = (
    <>
      <p className={clsx("text-sm font-semibold uppercase tracking-widest", dark ? "text-flame-300" : "text-brand-700")}>{eyebrow}</p>
      <h2 id={id} className={clsx("mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl", !dark && "text-navy-950")}>
        {title}
      </h2>
    </>
  );
  if (!to) return heading;
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>{heading}</div>
      <Link
        to={to}
        className={clsx(
          "inline-flex items-center gap-1.5 text-sm font-semibold underline-offset-4 hover:underline",
          dark ? "text-flame-300" : "text-brand-700",
        )}
      >
        {more} <ArrowRight className="size-4" aria-hidden />
      </Link>
    </div>
  );
}
