import * as React from "react";

/** The banner that opens every public page: eyebrow, title and a short lead. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-navy-950 text-white">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_110%_-20%,rgba(198,35,35,0.55),transparent),radial-gradient(40rem_20rem_at_-10%_120%,rgba(251,191,36,0.18),transparent)]"
      />
      <div className="container-page relative py-14 sm:py-20">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-widest text-flame-300">{eyebrow}</p> : null}
        <h1 className="mt-2 max-w-3xl text-3xl font-extrabold leading-tight sm:text-4xl lg:text-5xl">{title}</h1>
        {lead ? <p className="mt-4 max-w-2xl text-base text-slate-200 sm:text-lg">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}
