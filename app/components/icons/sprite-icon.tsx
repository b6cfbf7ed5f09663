import type { SVGProps } from "react";
import { STROKE_ICON } from "./icon";
import spriteHref from "./sprite.svg?no-inline";

// An icon drawn from the sprite (ADR 303): the page carries `<svg><use href="…#name"/></svg>`
// and the shapes come once, in one hashed file the browser keeps (immutable). Same DOM around
// them as lucide-react (its attributes, the `lucide lucide-<name>` classes, aria-hidden unless the
// icon is given an accessible name), and the same props for what the app uses: className, size,
// strokeWidth and any SVG attribute.

export type IconProps = SVGProps<SVGSVGElement> & { size?: number | string };
export type IconComponent = ((props: IconProps) => React.JSX.Element) & { displayName?: string };

const hasAccessibleName = (props: IconProps) => Boolean(props["aria-label"] || props["aria-labelledby"] || props.role === "img");

/** The component for the sprite's symbol `id` (kebab-case), named `name` in React's tools. */
export function spriteIcon(name: string, id: string): IconComponent {
  function Icon({ className, size = 24, children, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        {...STROKE_ICON}
        className={`lucide lucide-${id}${className ? ` ${className}` : ""}`}
        aria-hidden={hasAccessibleName(rest) ? undefined : "true"}
        {...rest}
      >
        {children}
        <use href={`${spriteHref}#${id}`} />
      </svg>
    );
  }
  Icon.displayName = name;
  return Icon;
}
