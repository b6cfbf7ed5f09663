import type * as React from "react";

/** A decorative icon component: lucide's, ./icon's or a brand glyph, sized by its class. */
export type TileIcon = React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;

/**
 * A list item that states one fact beside its icon: the icon on a tile, then the fact's name on a
 * line of its own and its text (`children`). `tile` (the tile's classes) and `titleClassName` dress
 * it for a light or a dark box.
 */
export function IconFact({
  icon: Icon,
  tile,
  titleClassName,
  title,
  children,
}: {
  icon: TileIcon;
  tile: string;
  titleClassName: string;
  title: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <li className="flex gap-3">
      <span className={tile}>
        <Icon className="size-5" aria-hidden />
      </span>
      <span>
        <span className={titleClassName}>{title}</span>
        {children}
      </span>
    </li>
  );
}
