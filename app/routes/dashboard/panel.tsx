import { redirect, useLoaderData } from "react-router";
import { Sparkles } from "lucide-react";
import type { Route } from "./+types/panel";
import { requireAccess } from "~/auth/guard.server";
import { ROLE_LABELS } from "~/auth/permissions";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Painel - ${data?.roleLabel ?? ""} | Sindicato` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  // Another role's panel (or an unknown one) leads to your own.
  if (params.role !== user.role) throw redirect(`/dashboard/${user.role}`);
  return { name: user.name, roleLabel: ROLE_LABELS[user.role] };
}

export default function Panel() {
  const { name, roleLabel } = useLoaderData<typeof loader>();
  return (
    <section className="rounded-2xl bg-gradient-to-br from-navy-950 to-brand-900 p-6 text-white shadow-sm sm:p-10">
      <Sparkles className="size-8 text-flame-300" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold sm:text-3xl">Bem-vindo(a), {name}!</h1>
      <p className="mt-2 max-w-2xl text-slate-200">
        O perfil {roleLabel} ainda não possui um painel personalizado. Use o menu para acessar as funcionalidades
        disponíveis para você.
      </p>
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
