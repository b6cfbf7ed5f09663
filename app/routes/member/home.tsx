import { Link, useLoaderData } from "react-router";
import { AlertTriangle, CreditCard, IdCard, MessagesSquare, UserPen } from "lucide-react";
import type { Route } from "./+types/home";
import { requireMember } from "~/domain/member-area/member-session.server";
import { myDues } from "~/domain/member-area/dues.server";
import { formatMoney } from "~/lib/money";
import { Card } from "~/components/ui/card";

export const meta: Route.MetaFunction = () => [
  { title: "Área do Filiado | Sindicato dos Bombeiros Civis do DF" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request);
  const dues = await myDues(member);
  return { firstName: member.firstName, overdue: dues.overdue, open: dues.open };
}

export default function MemberHome() {
  const { firstName, overdue, open } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold text-navy-950">Olá, {firstName}</h1>
      {overdue.count > 0 ? (
        <p
          className="flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900"
          data-testid="home-overdue"
        >
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
          {`Você tem ${overdue.count} ${overdue.count === 1 ? "mensalidade vencida" : "mensalidades vencidas"}, total de ${formatMoney(overdue.totalCentavos)}.`}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Card className="grid gap-2 p-5">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-navy-950">
            <CreditCard aria-hidden className="size-5 text-brand-700" /> Minhas mensalidades
          </h2>
          <p className="text-sm text-slate-700">
            {open.count === 0
              ? "Nenhuma mensalidade em aberto."
              : `${open.count} em aberto, total de ${formatMoney(open.totalCentavos)}. Pague por PIX copia e cola ou QR Code.`}
          </p>
          <Link to="/filiado/mensalidades" className="text-sm font-semibold text-brand-800 underline underline-offset-2">
            Ver mensalidades e recibos
          </Link>
        </Card>
        <Card className="grid gap-2 p-5">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-navy-950">
            <MessagesSquare aria-hidden className="size-5 text-brand-700" /> Meus atendimentos
          </h2>
          <p className="text-sm text-slate-700">O andamento dos seus pedidos ao sindicato: comente ou envie um documento.</p>
          <Link to="/filiado/atendimentos" className="text-sm font-semibold text-brand-800 underline underline-offset-2">
            Ver meus atendimentos
          </Link>
        </Card>
        <Card className="grid gap-2 p-5">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-navy-950">
            <IdCard aria-hidden className="size-5 text-brand-700" /> Carteirinha digital
          </h2>
          <p className="text-sm text-slate-700">Mostre aos parceiros do sindicato: o QR Code confirma se a filiação está ativa.</p>
          <Link to="/filiado/carteirinha" className="text-sm font-semibold text-brand-800 underline underline-offset-2">
            Abrir a carteirinha
          </Link>
        </Card>
        <Card className="grid gap-2 p-5">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-navy-950">
            <UserPen aria-hidden className="size-5 text-brand-700" /> Meus dados
          </h2>
          <p className="text-sm text-slate-700">Confira o seu cadastro, corrija telefone, e-mail ou endereço e baixe os seus dados.</p>
          <Link to="/filiado/dados" className="text-sm font-semibold text-brand-800 underline underline-offset-2">
            Ver meus dados
          </Link>
        </Card>
      </div>
    </div>
  );
}
