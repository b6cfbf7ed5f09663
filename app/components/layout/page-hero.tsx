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

/**
 * A public page with one form beside an aside (the complaint, its follow-up, the service look-up):
 * the {@link PageHero}, then the form's white card and the aside, side by side from `lg` up.
 */
export function PublicFormPage({
  eyebrow,
  title,
  lead,
  aside,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: React.ReactNode;
  aside: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <>
      <PageHero eyebrow={eyebrow} title={title} lead={lead} />
      <div className="bg-slate-50">
        <div className="container-page grid items-start gap-8 py-10 sm:py-14 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>
          {aside}
        </div>
      </div>
    </>
  );
}
