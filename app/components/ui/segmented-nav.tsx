import { Link } from "react-router";
import { cn } from "~/lib/cn";

export type SegmentedNavItem = { key: string; to: string; label: string; current: boolean };

/**
 * A row of links in a framed strip, the current one filled (aria-current="page"): the filters or
 * sectors of a list page. `linkClassName` is the links' own layout (padding, wrapping).
 */
export function SegmentedNav({ label, items, linkClassName }: { label: string; items: SegmentedNavItem[]; linkClassName: string }) {
  return (
    <nav aria-label={label} className="max-w-full overflow-x-auto">
      <ul className="inline-flex rounded-lg border border-slate-300 bg-white p-1">
        {items.map((item) => (
          <li key={item.key}>
            <Link
              to={item.to}
              aria-current={item.current ? "page" : undefined}
              className={cn(linkClassName, item.current ? "bg-navy-900 text-white" : "text-slate-800 hover:bg-slate-100")}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
