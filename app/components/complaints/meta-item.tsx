import type * as React from "react";
import type { IconComponent } from "~/components/icons/sprite";

/** One term of a <dl> with its icon; dt and dd stay direct children of the group (valid markup). */
export function MetaItem({ icon: Icon, label, children }: { icon: IconComponent; label: string; children: React.ReactNode }) {
  return (
    <div className="relative min-w-0 pl-6">
      <dt className="text-xs text-slate-600">
        <Icon className="absolute left-0 top-0.5 size-4 text-slate-500" aria-hidden />
        {label}
      </dt>
      <dd className="break-words font-medium text-slate-900">{children}</dd>
    </div>
  );
}
