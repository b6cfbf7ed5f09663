import type { SVGProps } from "react";

// Same DOM as lucide-react 1.x (attributes, `lucide lucide-<name>` classes, aria-hidden), for
// decorative icons only: unlike lucide, an aria-label does not lift aria-hidden. Used by
// ./public-icons and the public agreements page's icons (components/agreements/agreement-icons).

type IconNode = [tag: string, attrs: Record<string, string>][];
export type IconProps = SVGProps<SVGSVGElement>;

/** The attributes of a 24-pixel stroke icon, lucide's and the brand glyphs' alike. */
export const STROKE_ICON = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

/** A lucide-compatible, decorative icon component from lucide's shape data. */
export function icon(name: string, node: IconNode) {
  function Icon({ className, ...rest }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        {...STROKE_ICON}
        className={`lucide lucide-${name}${className ? ` ${className}` : ""}`}
        aria-hidden="true"
        {...rest}
      >
        {node.map(([Tag, attrs], i) => (
          <Tag key={i} {...attrs} />
        ))}
      </svg>
    );
  }
  return Icon;
}
