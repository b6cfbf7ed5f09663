import { Form, NavLink, Outlet, useLoaderData } from "react-router";
import { CreditCard, Home, IdCard, LogOut, MessagesSquare, UserPen } from "~/components/icons/sprite";
import type { Route } from "./+types/layout";
import { requireMember } from "~/domain/member-area/member-session.server";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/** The member's own pages hydrate at once (the copy button, the print button). */
export const handle = { hydrate: "now" as const };

/** Every /filiado page is the member's own: never cached, no referrer leaves the site. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request);
  return { firstName: member.firstName, registrationNumber: member.registrationNumber };
}

const LINKS = [
  { to: "/filiado", label: "Início", icon: Home, end: true },
  { to: "/filiado/mensalidades", label: "Minhas mensalidades", icon: CreditCard, end: false },
  { to: "/filiado/atendimentos", label: "Meus atendimentos", icon: MessagesSquare, end: false },
  { to: "/filiado/carteirinha", label: "Carteirinha", icon: IdCard, end: false },
  { to: "/filiado/dados", label: "Meus dados", icon: UserPen, end: false },
] as const;

export default function MemberLayout() {
  const { firstName, registrationNumber } = useLoaderData<typeof loader>();
  return (
    <div className="bg-slate-50 print:bg-white">
      <div className="border-b border-slate-200 bg-white print:hidden">
        <div className="container-page flex flex-wrap items-center justify-between gap-3 py-3">
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-navy-950">Área do Filiado</span> · Olá, {firstName} (matrícula {registrationNumber})
          </p>
          <Form method="post" action="/filiado/sair">
            <Button type="submit" variant="ghost" size="sm">
              <LogOut aria-hidden /> Sair
            </Button>
          </Form>
        </div>
        <nav aria-label="Área do Filiado" className="container-page -mb-px flex flex-wrap gap-x-1">
          {LINKS.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              end={l.end}
              className={({ isActive }) =>
                cn(
                  "inline-flex min-h-11 shrink-0 items-center gap-2 border-b-2 px-3 text-sm font-semibold",
                  isActive ? "border-brand-700 text-brand-800" : "border-transparent text-slate-700 hover:text-navy-950",
                )
              }
            >
              <l.icon aria-hidden className="size-4" /> {l.label}
            </NavLink>
          ))}
        </nav>
      </div>
      <div className="container-page py-6 sm:py-8 print:p-0">
        <Outlet />
      </div>
    </div>
  );
}
