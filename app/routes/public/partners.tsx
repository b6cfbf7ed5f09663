import { Link, useLoaderData } from "react-router";
import { BadgePercent, Handshake, Mail, Send } from "~/components/icons/sprite";
import type { Route } from "./+types/partners";
import { getInstitutionalContent } from "~/domain/content/get-content.server";
import { whatsappLink } from "~/domain/content/contact-links";
import { groupByCategory, listActivePartners } from "~/domain/partners/list-active-partners.server";
import { seoMeta } from "~/utils/seo";
import { PageHero } from "~/components/layout/page-hero";
import { PartnerCard } from "~/components/partners/partner-card";
import { WhatsappGlyph } from "~/components/content/social-links";
import { Button } from "~/components/ui/button";

/** What the card-benefit link asks on WhatsApp (ADR 031). */
export const CARD_BENEFIT_MESSAGE = "Olá! Sou associado e quero saber como usar meu cartão de benefícios nos parceiros do sindicato.";
export const PARTNER_SUBJECT = "Seja um Parceiro";

export async function loader(_: Route.LoaderArgs) {
  const [partners, content] = await Promise.all([listActivePartners(), getInstitutionalContent()]);
  return {
    groups: groupByCategory(partners),
    total: partners.length,
    whatsapp: content.whatsapp,
    email: content.email,
  };
}

export const meta: Route.MetaFunction = seoMeta({
  title: "Parceiros",
  description: "Entidades e empresas parceiras do sindicato dos bombeiros civis do DF e os benefícios para associados.",
  path: "/parceiros",
});

function slug(s: string) {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/(^-|-$)/g, "");
}

export default function PartnersPage() {
  const { groups, total, whatsapp, email } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow="Parceiros"
        title="Quem caminha com a categoria"
        lead="Entidades e empresas que apoiam os bombeiros civis do Distrito Federal e oferecem vantagens aos associados."
      >
        {groups.length > 1 ? (
          <nav aria-label="Categorias de parceiros" className="mt-8">
            <ul className="flex flex-wrap gap-2">
              {groups.map((g) => (
                <li key={g.category}>
                  <a
                    href={`#${slug(g.category)}`}
                    className="inline-flex h-10 items-center rounded-full bg-white/10 px-4 text-sm font-semibold text-white hover:bg-white/20"
                  >
                    {g.category}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </PageHero>

      <div className="container-page grid gap-16 py-14 lg:py-20">
        {total === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-10 text-center text-slate-700">
            Nenhum parceiro cadastrado no momento.
          </p>
        ) : (
          groups.map((g) => (
            <section key={g.category} aria-labelledby={slug(g.category)} className="scroll-mt-24">
              <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 pb-4">
                <div className="flex items-center gap-3">
                  <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <Handshake aria-hidden className="size-6" />
                  </span>
                  <h2 id={slug(g.category)} className="text-2xl font-extrabold text-navy-950">
                    {g.category}
                  </h2>
                </div>
                <p className="text-sm font-medium text-slate-600">
                  {g.partners.length} {g.partners.length === 1 ? "parceiro" : "parceiros"}
                </p>
              </div>
              <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {g.partners.map((p) => (
                  <PartnerCard key={p.id} partner={p} />
                ))}
              </ul>
            </section>
          ))
        )}

        <div className="grid gap-6 lg:grid-cols-2">
          <section
            aria-labelledby="beneficios"
            className="relative overflow-hidden rounded-3xl bg-brand-700 p-8 text-white shadow-lg sm:p-10"
          >
            <BadgePercent aria-hidden className="absolute -bottom-8 -right-8 size-44 text-white/10" />
            <p className="text-sm font-semibold uppercase tracking-widest text-brand-100">Associados</p>
            <h2 id="beneficios" className="mt-2 text-2xl font-extrabold sm:text-3xl">
              Cartão de benefícios
            </h2>
            <p className="mt-3 max-w-md leading-relaxed text-white">
              Associados em dia com o sindicato podem aproveitar condições oferecidas pelos parceiros. Tire suas dúvidas sobre o cartão de
              benefícios e como usá-lo.
            </p>
            <p className="mt-3 max-w-md leading-relaxed text-white" data-testid="card-benefit-explained">
              O cartão é a carteirinha digital da{" "}
              <a href="/filiado/carteirinha" className="font-semibold text-white underline underline-offset-2">
                Área do Filiado
              </a>
              : entre com o seu CPF e um código enviado ao seu e-mail e mostre-a no celular ou impressa. O parceiro lê o QR Code e confirma
              na hora se a filiação está ativa, vendo só o primeiro nome e a matrícula.
            </p>
            <Button
              asChild
              variant="light"
              size="lg"
              className="relative mt-6 h-auto min-h-12 w-full whitespace-normal py-3 text-center sm:w-auto"
            >
              <a
                href={whatsappLink(whatsapp, CARD_BENEFIT_MESSAGE)}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="card-benefit-link"
              >
                <WhatsappGlyph /> Saiba como usar seus benefícios
                <span className="sr-only"> (WhatsApp, abre em nova aba)</span>
              </a>
            </Button>
          </section>

          <section
            aria-labelledby="seja-parceiro"
            className="relative overflow-hidden rounded-3xl bg-navy-950 p-8 text-white shadow-lg sm:p-10"
          >
            <Handshake aria-hidden className="absolute -bottom-8 -right-8 size-44 text-white/5" />
            <p className="text-sm font-semibold uppercase tracking-widest text-flame-300">Empresas e entidades</p>
            <h2 id="seja-parceiro" className="mt-2 text-2xl font-extrabold sm:text-3xl">
              Seja um Parceiro
            </h2>
            <p className="mt-3 max-w-md leading-relaxed text-slate-200">
              Sua empresa ou entidade quer apoiar os bombeiros civis do DF e oferecer vantagens aos associados? Fale com a nossa equipe e
              apresente sua proposta.
            </p>
            <p className="mt-2 text-sm text-slate-300 [overflow-wrap:anywhere]">
              E-mail: <span className="font-semibold text-white">{email}</span>
            </p>
            <div className="relative mt-6 grid gap-3 sm:flex sm:flex-wrap">
              <Button asChild size="lg">
                <Link to={`/contato?assunto=${encodeURIComponent(PARTNER_SUBJECT)}`}>
                  <Send /> Quero ser parceiro
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline" className="border-white/30 bg-transparent text-white hover:bg-white/10">
                <a href={`mailto:${email}?subject=${encodeURIComponent(PARTNER_SUBJECT)}`}>
                  <Mail /> Enviar e-mail
                </a>
              </Button>
            </div>
          </section>
        </div>
      </div>
    </>
  );
}
