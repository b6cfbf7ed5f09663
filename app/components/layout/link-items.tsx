import { Link } from "react-router";

/** A list's links to pages of the site, one `<li>` each (the footer, the 404 page, the maintenance page). */
export function LinkItems({ links, className }: { links: readonly { to: string; label: string }[]; className: string }) {
  return links.map((l) => (
    <li key={l.to}>
      <Link to={l.to} className={className}>
        {l.label}
      </Link>
    </li>
  ));
}
