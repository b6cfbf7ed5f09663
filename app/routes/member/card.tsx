import { useLoaderData } from "react-router";
import { ShieldCheck, ShieldX } from "~/components/icons/sprite";
import type { Route } from "./+types/card";
import { requireMember } from "~/domain/member-area/member-session.server";
import { myCard } from "~/domain/member-area/card.server";
import { BrandMark } from "~/components/layout/brand-mark";
import { CardFact } from "~/components/members/card-fact";
import { formatDate } from "~/lib/dates";
import { cn } from "~/lib/cn";
import { PrintBar } from "~/components/ui/print-bar";

export const meta: Route.MetaFunction = () => [
  { title: "Carteirinha digital | Área do Filiado" },
  { name: "robots", content: "noindex" },
  // Installable on a phone's home screen (issue 23 §5): the manifest opens the card.
  { tagName: "link", rel: "manifest", href: "/filiado/manifest.webmanifest" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request);
  return myCard(member);
}

export default function MemberCard() {
  const card = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid max-w-md gap-4">
      <PrintBar>
        <h1 className="text-2xl font-bold text-navy-950">Carteirinha digital</h1>
      </PrintBar>
      <section
        aria-label="Carteirinha do filiado"
        className="grid gap-4 overflow-hidden rounded-2xl border border-navy-900 bg-white shadow-lg print:mx-auto print:mt-[10mm] print:w-[86mm] print:shadow-none"
        data-testid="member-card"
      >
        <header className="flex items-center gap-3 bg-navy-950 px-4 py-3 text-white">
          <BrandMark className="size-10" />
          <div>
            <p className="text-xs font-semibold uppercase tracking-wide text-slate-200">Carteirinha de filiado</p>
            <p className="text-sm font-bold">Sindicato dos Bombeiros Civis do DF</p>
          </div>
        </header>
        <div className="grid grid-cols-[6rem_1fr] gap-4 px-4">
          {card.hasPhoto ? (
            <img
              src="/filiado/carteirinha/foto"
              alt={`Foto de ${card.name}`}
              className="h-32 w-24 rounded-md border border-slate-300 object-cover"
            />
          ) : (
            <div className="grid h-32 w-24 place-items-center rounded-md border border-dashed border-slate-400 text-center text-xs text-slate-600">
              Sem foto
            </div>
          )}
          <dl className="grid content-start gap-2 text-sm">
            <CardFact label="Nome" valueClassName="font-bold text-navy-950" testId="card-name">
              {card.name}
            </CardFact>
            <CardFact label="Matrícula" valueClassName="font-mono font-semibold text-slate-900" testId="card-registration">
              {card.registrationNumber}
            </CardFact>
            <CardFact
              label="Situação"
              valueClassName={cn("inline-flex items-center gap-1 font-semibold", card.active ? "text-emerald-800" : "text-red-800")}
              testId="card-status"
            >
              {card.active ? <ShieldCheck aria-hidden className="size-4" /> : <ShieldX aria-hidden className="size-4" />} {card.statusLabel}
            </CardFact>
            <CardFact label="Válida até">{card.validUntil ? formatDate(card.validUntil) : "—"}</CardFact>
          </dl>
        </div>
        <div className="grid justify-items-center gap-2 border-t border-slate-200 px-4 pb-4 pt-3">
          <div className="w-40" dangerouslySetInnerHTML={{ __html: card.qrSvg }} />
          <p className="text-center text-xs text-slate-700">
            Parceiro: aponte a câmera para o QR Code ou abra{" "}
            <a href={card.verifyUrl} className="font-medium text-brand-800 underline" data-testid="card-verify-link">
              o endereço de verificação
            </a>{" "}
            para confirmar a filiação.
          </p>
        </div>
      </section>
      <p className="text-sm text-slate-700 print:hidden">
        Para ter a carteirinha na tela inicial do celular, abra esta página no navegador e escolha “Adicionar à tela inicial”. A verificação
        pelo QR Code sempre mostra a situação atual.
      </p>
    </div>
  );
}
