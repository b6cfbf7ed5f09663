import * as React from "react";

/**
 * A link that opens in a new tab (an outside site, WhatsApp): `noopener noreferrer`, and a text
 * for screen readers that says so, after the visible content (`note`, "(abre em nova aba)" by default).
 */
export function NewTabLink({
  note = "(abre em nova aba)",
  children,
  ...props
}: Omit<React.ComponentProps<"a">, "target" | "rel"> & { note?: React.ReactNode }) {
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only">{note}</span>
    </a>
  );
}
