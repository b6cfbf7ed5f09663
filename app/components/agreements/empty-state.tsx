import * as React from "react";
import { FileSearch } from "./agreement-icons";

export function AgreementsEmptyState({ message, children }: { message: string; children?: React.ReactNode }) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center"
      data-testid="agreements-empty"
    >
      <span className="grid size-14 place-items-center rounded-full bg-brand-50 text-brand-700">
        <FileSearch className="size-7" aria-hidden />
      </span>
      <p className="max-w-md text-base font-medium text-slate-800">{message}</p>
      {children}
    </div>
  );
}
