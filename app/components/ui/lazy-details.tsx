import * as React from "react";

/**
 * A `<details>` whose content is rendered the first time it opens, then kept (its form keeps what
 * was typed when it closes again). For a form repeated on every card of a list (the service list's
 * "Alterar status", with a select of every staff member of the sector): the page's HTML carries
 * the summaries only — issue 24 §2, staff pages ≤ 150 kB. The summary is the native disclosure:
 * keyboard and screen readers as any `<details>`.
 */
export function LazyDetails({
  summary,
  className,
  summaryClassName,
  contentClassName,
  children,
}: {
  summary: React.ReactNode;
  className?: string;
  summaryClassName?: string;
  contentClassName?: string;
  children: () => React.ReactNode;
}) {
  const [opened, setOpened] = React.useState(false);
  return (
    <details
      className={className}
      onToggle={(e) => {
        if (e.currentTarget.open) setOpened(true);
      }}
    >
      <summary className={summaryClassName}>{summary}</summary>
      {opened ? <div className={contentClassName}>{children()}</div> : null}
    </details>
  );
}
