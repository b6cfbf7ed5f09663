import { Link, useLoaderData } from "react-router";
import { AlertTriangle, CreditCard, IdCard, MessagesSquare, UserPen, type IconComponent } from "~/components/icons/sprite";
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

/** One of the home's cards: what a part of the area is for, and the link to it. */
function HomeCard({
  icon: Icon,
  title,
  to,
  link,
  children,
}: {
  icon: IconComponent;
  title: string;
  to: string;
  link: string;
  children: React.ReactNode;
}) {
  return (
    <Card className="grid gap-2 p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-navy-950">
        <Icon aria-hidden className="size-5 text-brand-700" /> {title}
      </h2>
      <p className="text-sm text-slate-700">{children}</p>
      <Link to={to} className="text-sm font-semibold text-brand-800 underline underline-offset-2">
        {link}
      </Link>
    </Card>
  );
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
        <HomeCard icon={CreditCard} title="Minhas mensalidades" to="/filiado/mensalidades" link="Ver mensalidades e recibos">
          {open.count === 0
            ? "Nenhuma mensalidade em aberto."
            : `${open.count} em aberto, total de ${formatMoney(open.totalCentavos)}. Pague por PIX copia e cola ou QR Code.`}
        </HomeCard>
        <HomeCard icon={MessagesSquare} title="Meus atendimentos" to="/filiado/atendimentos" link="Ver meus atendimentos">
          O andamento dos seus pedidos ao sindicato: comente ou envie um documento.
        </HomeCard>
        <HomeCard icon={IdCard} title="Carteirinha digital" to="/filiado/carteirinha" link="Abrir a carteirinha">
          Mostre aos parceiros do sindicato: o QR Code confirma se a filiação está ativa.
        </HomeCard>
        <HomeCard icon={UserPen} title="Meus dados" to="/filiado/dados" link="Ver meus dados">
          Confira o seu cadastro, corrija telefone, e-mail ou endereço e baixe os seus dados.
        </HomeCard>
      </div>
    </div>
  );
}
