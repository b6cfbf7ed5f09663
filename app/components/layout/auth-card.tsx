import * as React from "react";
import { BrandMark } from "./brand-mark";

/** The centred card used by the login and password-recovery screens. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-slate-50 to-white">
      <div className="container-page grid min-h-[calc(100dvh-4rem)] place-items-center py-12">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
          <div className="flex flex-col items-center text-center">
            <BrandMark className="size-14" />
            <h1 className="mt-4 text-2xl font-bold text-navy-950">{title}</h1>
            {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
          </div>
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </section>
  );
}
