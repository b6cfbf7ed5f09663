import type { ReactNode } from "react";
import { Link, useLoaderData } from "react-router";
import {
  Award,
  Eye,
  Flame,
  HandHeart,
  Handshake,
  Scale,
  ShieldCheck,
  Target,
  UserRound,
  Users,
  type IconComponent,
} from "~/components/icons/sprite";
import type { Route } from "./+types/about";
import { getInstitutionalContent } from "~/domain/content/get-content.server";
import { whatsappLink } from "~/domain/content/contact-links";
import { seoMeta } from "~/utils/seo";
import { PageHero } from "~/components/layout/page-hero";
import { ContactList } from "~/components/content/contact-list";
import { SocialLinks, WhatsappGlyph } from "~/components/content/social-links";
import { Button } from "~/components/ui/button";

export async function loader(_: Route.LoaderArgs) {
  return { content: await getInstitutionalContent() };
}

export const meta: Route.MetaFunction = seoMeta({
  title: "Quem Somos",
  description: "História, missão, visão, valores e diretoria executiva do sindicato que representa os bombeiros civis do Distrito Federal.",
  path: "/quem-somos",
});

// The values are editable; icons follow their order (the original's five values first).
const VALUE_ICONS = [Eye, Scale, ShieldCheck, HandHeart, Award, Handshake, Users, Flame, Target, Award];

function paragraphs(text: string) {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

function SectionTitle({ id, eyebrow, children }: { id: string; eyebrow: string; children: ReactNode }) {
  return (
    <div>
      <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">{eyebrow}</p>
      <h2 id={id} className="mt-1 text-2xl font-extrabold text-navy-950 sm:text-3xl">
        {children}
      </h2>
    </div>
  );
}

/** The mission or the vision: a coloured card with its icon, large behind and small before the title. */
function Statement({
  icon: Icon,
  title,
  text,
  className,
  textClassName,
}: {
  icon: IconComponent;
  title: string;
  text: string;
  className: string;
  textClassName: string;
}) {
  return (
    <article className={`relative overflow-hidden rounded-2xl p-7 text-white shadow-lg ${className}`}>
      <Icon aria-hidden className="absolute -right-6 -top-6 size-32 text-white/10" />
      <span className="inline-flex size-12 items-center justify-center rounded-xl bg-white/15">
        <Icon aria-hidden className="size-6" />
      </span>
      <h2 className="mt-5 text-2xl font-bold">{title}</h2>
      <p className={`mt-3 leading-relaxed ${textClassName}`}>{text}</p>
    </article>
  );
}

export default function AboutPage() {
  const { content } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero eyebrow="Quem Somos" title={content.name} lead={content.description} />

      <div className="container-page grid gap-12 py-14 lg:grid-cols-[1fr_22rem] lg:gap-14 lg:py-20">
        <div className="grid min-w-0 content-start gap-16">
          <section aria-labelledby="historia">
            <SectionTitle id="historia" eyebrow="Nossa trajetória">
              História
            </SectionTitle>
            <div className="mt-6 grid gap-4 border-l-4 border-brand-600 pl-5 text-base leading-relaxed text-slate-700 sm:pl-7 sm:text-lg">
              {paragraphs(content.history).map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </div>
          </section>

          <section aria-label="Missão e Visão" className="grid gap-5 md:grid-cols-2">
            <Statement icon={Target} title="Missão" text={content.mission} className="bg-brand-700" textClassName="text-white" />
            <Statement icon={Eye} title="Visão" text={content.vision} className="bg-navy-900" textClassName="text-slate-100" />
          </section>

          <section aria-labelledby="valores">
            <SectionTitle id="valores" eyebrow="O que nos orienta">
              Valores
            </SectionTitle>
            <ul className="mt-6 grid gap-4 sm:grid-cols-2">
              {content.values.map((value, i) => {
                const Icon = VALUE_ICONS[i % VALUE_ICONS.length];
                return (
                  <li key={`${i}-${value}`} className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                    <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                      <Icon aria-hidden className="size-6" />
                    </span>
                    <span className="min-w-0 font-semibold leading-snug text-navy-950 [overflow-wrap:anywhere]">{value}</span>
                  </li>
                );
              })}
            </ul>
          </section>
        </div>

        <aside className="grid content-start gap-6 lg:sticky lg:top-24 lg:self-start" aria-label="Diretoria e contato">
          <section aria-labelledby="diretoria" className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <div className="bg-navy-950 px-6 py-5">
              <h2 id="diretoria" className="text-lg font-bold text-white">
                Diretoria Executiva
              </h2>
            </div>
            <ul className="divide-y divide-slate-200">
              {content.board.map((member, i) => (
                <li key={`${i}-${member.role}`} className="flex items-center gap-4 px-6 py-4">
                  <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
                    <UserRound aria-hidden className="size-5" />
                  </span>
                  <div className="min-w-0">
                    <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{member.role}</p>
                    <p className="font-semibold text-navy-950">{member.name}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="contato-sindicato" className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <h2 id="contato-sindicato" className="text-lg font-bold text-navy-950">
              Fale com o sindicato
            </h2>
            <ContactList content={content} className="mt-4" />
            <SocialLinks social={content.social} tone="light" className="mt-5" />
            <div className="mt-6 grid gap-2">
              <Button asChild>
                <Link to="/contato">Enviar mensagem</Link>
              </Button>
              <Button asChild variant="outline">
                <a
                  href={whatsappLink(content.whatsapp, "Olá! Gostaria de falar com o sindicato.")}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <WhatsappGlyph /> WhatsApp
                  <span className="sr-only"> (abre em nova aba)</span>
                </a>
              </Button>
            </div>
          </section>
        </aside>
      </div>
    </>
  );
}
