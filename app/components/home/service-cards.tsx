import * as React from "react";
import { Link } from "react-router";
import { ArrowRight, ArrowUpRight, FileText, MessageSquare, ShieldAlert, UserPlus } from "~/components/icons/public-icons";
// clsx, not ~/lib/cn: no class here overrides another, and public pages don't load tailwind-merge.
import { clsx as cn } from "clsx";
import { SectionHeading } from "./section-heading";
import { NewTabLink } from "~/components/ui/new-tab-link";

type Service = {
  title: string;
  text: string;
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  tone: string;
  cta: string;
} & ({ to: string } | { href: string });

/** The four service cards of the original: agreements, membership (WhatsApp), contact, anonymous complaints. */
export function ServiceCards({ membershipHref }: { membershipHref: string }) {
  const services: Service[] = [
    {
      title: "Convenções Coletivas",
      text: "Consulte as convenções vigentes e baixe os documentos que garantem os direitos da categoria.",
      icon: FileText,
      tone: "bg-navy-900 text-white",
      cta: "Ver convenções",
      to: "/convencoes",
    },
    {
      title: "Filiação",
      text: "Faça parte do sindicato. Tire suas dúvidas sobre a filiação direto pelo WhatsApp.",
      icon: UserPlus,
      tone: "bg-emerald-700 text-white",
      cta: "Falar no WhatsApp",
      href: membershipHref,
    },
    {
      title: "Fale Conosco",
      text: "Envie sua mensagem ao setor certo: jurídico, financeiro, secretaria e mais.",
      icon: MessageSquare,
      tone: "bg-flame-400 text-navy-950",
      cta: "Entrar em contato",
      to: "/contato",
    },
    {
      title: "Denúncia Anônima",
      text: "Relate irregularidades no seu posto de trabalho com total sigilo. Sua identidade fica protegida.",
      icon: ShieldAlert,
      tone: "bg-brand-700 text-white",
      cta: "Fazer denúncia",
      to: "/denuncia",
    },
  ];
  return (
    <section aria-labelledby="servicos-titulo" className="relative py-16 sm:py-20">
      <div className="container-page">
        <div className="max-w-2xl">
          <SectionHeading id="servicos-titulo" eyebrow="Serviços" title="Como podemos ajudar" />
          <p className="mt-3 text-slate-600">Os principais caminhos para o bombeiro civil encontrar apoio no sindicato.</p>
        </div>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4" data-testid="service-cards">
          {services.map((s) => {
            const Icon = s.icon;
            const body = (
              <>
                {/* A div, not a span: a heading may not sit inside phrasing content (W3C Nu checker). */}
                <div className="flex items-center gap-4 sm:block">
                  <span className={cn("grid size-12 shrink-0 place-items-center rounded-xl shadow-sm", s.tone)}>
                    <Icon className="size-6" aria-hidden />
                  </span>
                  <h3 className="text-lg font-bold text-navy-950 sm:mt-5">{s.title}</h3>
                </div>
                <p className="mt-3 flex-1 text-sm leading-relaxed text-slate-600 sm:mt-2">{s.text}</p>
                <span className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 sm:mt-5">
                  {s.cta}
                  {"href" in s ? (
                    <ArrowUpRight className="size-4" aria-hidden />
                  ) : (
                    <ArrowRight className="size-4 transition group-hover:translate-x-0.5" aria-hidden />
                  )}
                </span>
              </>
            );
            const cls =
              "group relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-1 hover:border-brand-200 hover:shadow-lg sm:p-6";
            return (
              <li key={s.title}>
                {"to" in s ? (
                  <Link to={s.to} className={cls}>
                    {body}
                  </Link>
                ) : (
                  <NewTabLink href={s.href} className={cls} note="(WhatsApp, abre em nova aba)">
                    {body}
                  </NewTabLink>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
