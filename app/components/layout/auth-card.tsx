import * as React from "react";
import { Form, Link } from "react-router";
import { ArrowLeft } from "~/components/icons/sprite";
import { Button } from "~/components/ui/button";
import { BrandMark } from "./brand-mark";

/**
 * The centred card of the sign-in, two-step and password-recovery screens: the brand mark, the
 * title and a line under it, then the screen's content; `after` goes below the card (a way back,
 * "sign in with another account"). `wide` is the two-step enrolment's wider card, with its steps.
 */
export function AuthCard({
  title,
  subtitle,
  children,
  after,
  wide = false,
}: {
  title: string;
  subtitle?: React.ReactNode;
  children: React.ReactNode;
  after?: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <section className="bg-gradient-to-b from-slate-50 to-white">
      <div className={`container-page grid min-h-[calc(100dvh-4rem)] place-items-center ${wide ? "py-8 sm:py-12" : "py-12"}`}>
        <div className={`w-full ${wide ? "max-w-xl" : "max-w-md"}`}>
          <div className={`rounded-2xl border border-slate-200 bg-white shadow-lg sm:p-8 ${wide ? "p-5" : "p-6"}`}>
            <div className="flex flex-col items-center text-center">
              <BrandMark className={wide ? "size-12" : "size-14"} />
              <h1 className="mt-4 text-2xl font-bold text-navy-950">{title}</h1>
              {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
            </div>
            {children}
          </div>
          {after}
        </div>
      </div>
    </section>
  );
}

/** The way back of the sign-in screens (staff and member), under the card: to the public site. */
export function BackHome() {
  return (
    <div className="mt-6 text-center">
      <Button asChild variant="ghost">
        <Link to="/">
          <ArrowLeft /> Voltar ao início
        </Link>
      </Button>
    </div>
  );
}

/** Ends the half-done sign-in (a plain post to /logout): "sign in with another account", "leave". */
export function SignOutButton({ children }: { children: React.ReactNode }) {
  return (
    <Form method="post" action="/logout">
      <Button type="submit" variant="ghost">
        {children}
      </Button>
    </Form>
  );
}
