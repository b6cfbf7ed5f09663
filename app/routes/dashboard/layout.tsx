import { isRouteErrorResponse, Link, Outlet, useLoaderData, useRouteError, type ShouldRevalidateFunction } from "react-router";
import { ShieldAlert } from "~/components/icons/sprite";
import type { Route } from "./+types/layout";
import { requireUser } from "~/auth/guard.server";
import { ROLE_LABELS } from "~/auth/roles";
import { navItemsFor } from "~/auth/sidebar";
import { countUnread } from "~/domain/notifications/notifications.server";
import { hasActiveDemoAccounts } from "~/domain/users/demo-accounts.server";
import { DashboardShell } from "~/components/layout/dashboard-shell";
import { Button } from "~/components/ui/button";

export const meta: Route.MetaFunction = () => [{ title: "Painel | Sindicato" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return {
    user: { name: user.name, username: user.username, role: user.role },
    roleLabel: ROLE_LABELS[user.role],
    // Built on the server from the role table: an item exactly when its route lets the user in.
    nav: navItemsFor(user.role),
    demo: await hasActiveDemoAccounts(),
    // The bell (issue 22 §7, ADR 266): the unread count, from the database on every page.
    unread: await countUnread(user.id),
  };
}

/** The bell's count is read again on each page change, not only after a form is sent. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

export default function DashboardLayout() {
  const { user, roleLabel, nav, demo, unread } = useLoaderData<typeof loader>();
  return (
    <DashboardShell roleLabel={roleLabel} userName={user.name} nav={nav} demo={demo} unread={unread}>
      <Outlet />
    </DashboardShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const denied = isRouteErrorResponse(error) && error.status === 403;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const info = isRouteErrorResponse(error) ? (error.data as { title?: string; message?: string } | null) : null;
  return (
    <div className="grid min-h-dvh place-items-center bg-slate-100 p-4">
      <div className="w-full max-w-lg rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm" role="alert">
        <ShieldAlert className="mx-auto size-12 text-brand-700" aria-hidden />
        <h1 className="mt-4 text-xl font-bold text-navy-950">
          {denied ? (info?.title ?? "Acesso Negado") : notFound ? "Página não encontrada" : "Algo deu errado"}
        </h1>
        <p className="mt-2 text-slate-700">
          {denied || notFound ? (info?.message ?? "") : "Não foi possível carregar esta página. Tente novamente."}
        </p>
        <Button asChild className="mt-6">
          <Link to="/dashboard">Voltar ao painel</Link>
        </Button>
      </div>
    </div>
  );
}
