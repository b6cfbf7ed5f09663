import * as React from "react";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";

/**
 * What a list says when it has nothing to show (issue 20 §2, ADR 240): a framed box with the
 * message, and optionally an icon, a heading and what to do next (a link or a button).
 * `compact` for a one-line note (e.g. "type a name to search").
 */
export function EmptyState({
  title,
  children,
  icon: Icon,
  action,
  compact = false,
  className,
  "data-testid": testId,
}: {
  /** A heading (h2) above the message; none for a single sentence. */
  title?: React.ReactNode;
  /** The message. */
  children?: React.ReactNode;
  icon?: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  action?: React.ReactNode;
  compact?: boolean;
  className?: string;
  "data-testid"?: string;
}) {
  if (compact) {
    return (
      <Card className={cn("p-6 text-sm text-slate-700", className)} data-testid={testId}>
        {children}
      </Card>
    );
  }
  return (
    <Card className={cn("grid justify-items-center gap-3 px-6 py-10 text-center text-slate-700", className)} data-testid={testId}>
      {Icon ? <Icon className="size-10 text-slate-400" aria-hidden /> : null}
      {title ? <h2 className="text-lg font-semibold text-navy-950">{title}</h2> : null}
      {title ? <p className="max-w-md text-sm text-slate-600">{children}</p> : children}
      {action}
    </Card>
  );
}
