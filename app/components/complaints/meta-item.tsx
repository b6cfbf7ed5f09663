import type * as React from "react";
import type { IconComponent } from "~/components/icons/sprite";
import { cn } from "~/lib/cn";

/**
 * One term of a <dl> with its icon; dt and dd stay direct children of the group (valid markup).
 * `look="caps"`: the small upper-case label of the contact message's header.
 */
export function MetaItem({
  icon: Icon,
  label,
  children,
  look = "plain",
}: {
  icon: IconComponent;
  label: string;
  children: React.ReactNode;
  look?: "plain" | "caps";
}) {
  const caps = look === "caps";
  return (
    <div className={cn("relative min-w-0", caps ? "pl-[1.625rem]" : "pl-6")}>
      <dt className={cn("text-xs text-slate-600", caps && "font-medium uppercase tracking-wide")}>
        <Icon className="absolute left-0 top-0.5 size-4 text-slate-500" aria-hidden />
        {label}
      </dt>
      <dd className={cn("break-words text-slate-900", caps ? "text-sm" : "font-medium")}>{children}</dd>
    </div>
  );
}
