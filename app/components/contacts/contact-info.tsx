import type * as React from "react";
import { Link } from "react-router";
import { Clock, FileSearch, Mail, MapPin, MessageCircle, Phone, ShieldAlert } from "~/components/icons/sprite";
import type { PublicInstitutionalContent } from "~/domain/content/institutional";
import { whatsappLink } from "~/domain/content/contact-links";
import { NewTabLink } from "~/components/ui/new-tab-link";
import { STROKE_ICON } from "~/components/icons/icon";

/** Simple outline glyphs for the social networks (lucide no longer ships brand icons). */
function InstagramIcon(props: React.SVGProps<SVGSVGElement>) {
  return (
    <svg {...STROKE_ICON} {...props}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.5" fill="currentColor" />
    </svg>
  );
}
function FacebookIcon(props: React.SVGProps<SVGSVGElement>) {
  return (
    <svg {...STROKE_ICON} {...props}>
      <path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V9H7v3h2v9h3v-9h2.5l.5-3h-3V7a1 1 0 0 1 1-1h2z" />
    </svg>
  );
}
function YoutubeIcon(props: React.SVGProps<SVGSVGElement>) {
  return (
    <svg {...STROKE_ICON} {...props}>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="m10 9 5 3-5 3z" fill="currentColor" />
    </svg>
  );
}

function Item({
  icon: Icon,
  title,
  children,
}: {
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex gap-4">
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <h3 className="text-sm font-semibold text-navy-950">{title}</h3>
        <div className="mt-0.5 text-sm leading-relaxed text-slate-700">{children}</div>
      </div>
    </li>
  );
}

/** Address, phones, e-mail, hours and social links beside the form (institutional content). */
export function ContactInfo({ content }: { content: PublicInstitutionalContent }) {
  const social = [
    { href: content.social.instagram, label: "Instagram", icon: InstagramIcon },
    { href: content.social.facebook, label: "Facebook", icon: FacebookIcon },
    { href: content.social.youtube, label: "YouTube", icon: YoutubeIcon },
  ].filter((s) => s.href);
  return (
    <div className="grid content-start gap-6 lg:sticky lg:top-24 lg:self-start">
      <section aria-labelledby="atendimento-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="atendimento-title" className="text-lg font-bold text-navy-950">
          Onde nos encontrar
        </h2>
        <ul className="mt-5 grid gap-5">
          <Item icon={MapPin} title="Endereço">
            <p>{content.address}</p>
            {content.addressDetail ? <p className="text-slate-600">{content.addressDetail}</p> : null}
          </Item>
          <Item icon={Phone} title={content.phones.length > 1 ? "Telefones" : "Telefone"}>
            <ul>
              {content.phones.map((p) => (
                <li key={p}>
                  <a href={`tel:${p.replace(/[^\d+]/g, "")}`} className="font-medium text-navy-900 underline-offset-4 hover:underline">
                    {p}
                  </a>
                </li>
              ))}
            </ul>
          </Item>
          <Item icon={Mail} title="E-mail">
            <a href={`mailto:${content.email}`} className="break-all font-medium text-navy-900 underline-offset-4 hover:underline">
              {content.email}
            </a>
          </Item>
          <Item icon={Clock} title="Horário de atendimento">
            {content.hours}
          </Item>
        </ul>
        {content.whatsapp ? (
          <NewTabLink
            href={whatsappLink(content.whatsapp, "Olá! Gostaria de falar com o sindicato.")}
            className="mt-6 flex items-center justify-center gap-2 rounded-lg bg-emerald-700 px-4 py-3 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
          >
            <MessageCircle className="size-4" aria-hidden /> Conversar pelo WhatsApp
          </NewTabLink>
        ) : null}
        {social.length ? (
          <div className="mt-6 border-t border-slate-200 pt-5">
            <h3 className="text-sm font-semibold text-navy-950">Redes sociais</h3>
            <ul className="mt-3 flex flex-wrap gap-2">
              {social.map((s) => (
                <li key={s.label}>
                  <NewTabLink
                    href={s.href}
                    className="inline-flex items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:border-brand-300 hover:bg-brand-50"
                  >
                    <s.icon className="size-4" aria-hidden /> {s.label}
                  </NewTabLink>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <aside
        aria-labelledby="consulta-title"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        data-testid="consulta-link-box"
      >
        <div className="flex items-center gap-3">
          <FileSearch className="size-6 text-brand-700" aria-hidden />
          <h2 id="consulta-title" className="text-base font-bold text-navy-950">
            Já foi atendido pelo sindicato?
          </h2>
        </div>
        <p className="mt-3 text-sm leading-relaxed text-slate-700">
          Com o número de protocolo (começa com SIND) e os 4 últimos dígitos do seu CPF, ou o e-mail informado no atendimento, você
          acompanha o andamento pela internet.
        </p>
        <Link
          to="/atendimento/consulta"
          className="mt-4 inline-flex items-center gap-2 text-sm font-semibold text-brand-800 underline underline-offset-4 hover:text-navy-950"
        >
          Consultar atendimento
        </Link>
      </aside>

      <aside aria-labelledby="denuncia-title" className="rounded-2xl bg-navy-950 p-6 text-slate-200">
        <div className="flex items-center gap-3">
          <ShieldAlert className="size-6 text-flame-300" aria-hidden />
          <h2 id="denuncia-title" className="text-base font-bold text-white">
            Quer denunciar sem se identificar?
          </h2>
        </div>
        <p className="mt-3 text-sm leading-relaxed">
          Este formulário pede seu nome e e-mail. Para relatar irregularidades no seu local de trabalho com sigilo, use a denúncia anônima:
          não pedimos nenhum dado pessoal.
        </p>
        <Link
          to="/denuncia"
          className="mt-4 inline-flex items-center gap-2 text-sm font-semibold text-flame-300 underline underline-offset-4 hover:text-white"
        >
          Fazer uma denúncia anônima
        </Link>
      </aside>
    </div>
  );
}
