import type * as React from "react";

/** A decorative icon component: lucide's, ./icon's or a brand glyph, sized by its class. */
export type TileIcon = React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;

/**
 * A decorative icon on a tile: a feature list's bullet, a heading's badge, an empty state's
 * emblem. The tile's classes (size, shape, colours, display) are the caller's; the icon is
 * `size-5` unless `iconClassName` says otherwise.
 */
function IconTile({
  icon: Icon,
  className,
  iconClassName = "size-5",
}: {
  icon: TileIcon;
  className: string;
  iconClassName?: string;
}) {
  return (
    <span className={className}>
      <Icon className={iconClassName} aria-hidden />
    </span>
  );
}

/**
 * A list item that states one fact beside its icon: the tile, then the fact's name on a line of
 * its own and its text (`children`). `tile` and `titleClassName` dress it for a light or dark box.
 */
export function IconFact({
  icon,
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
      <IconTile icon={icon} className={tile} />
      <span>
        <span className={titleClassName}>{title}</span>
        {children}
      </span>
    </li>
  );
}
