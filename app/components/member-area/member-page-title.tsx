import * as React from "react";

/** The heading of a page of the member area (/filiado): its title and a line saying what it holds. */
export function MemberPageTitle({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <h1 className="text-2xl font-bold text-navy-950">{title}</h1>
      <p className="text-sm text-slate-700">{children}</p>
    </div>
  );
}
