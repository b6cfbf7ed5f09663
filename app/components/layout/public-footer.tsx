import { Link } from "react-router";
import { ShieldCheck } from "~/components/icons/public-icons";
import type { PublicInstitutionalContent } from "~/domain/content/institutional";
import { whatsappLink } from "~/domain/content/contact-links";
import { ContactList } from "~/components/content/contact-list";
import { SocialLinks, WhatsappGlyph } from "~/components/content/social-links";
import { BrandMark } from "./brand-mark";
import { LinkItems } from "./link-items";
import { PUBLIC_PAGES } from "~/lib/public-pages";
import { NewTabLink } from "~/components/ui/new-tab-link";

const P = PUBLIC_PAGES;
const LINKS = [P.about, P.agreements, P.news, P.partners, P.contact, P.serviceLookup, P.complaint, P.privacy];

/**
 * The original's footer: description, social links, address, phones, e-mail and hours; and, when
 * the operator names it (SOURCE_CODE_URL), where this version's source is (AGPL-3.0 §13, ADR 243).
 */
export function PublicFooter({ content, sourceCodeUrl = null }: { content: PublicInstitutionalContent; sourceCodeUrl?: string | null }) {
  const heading = "text-sm font-bold uppercase tracking-wider text-white";
  return (
    <footer className="border-t-4 border-brand-700 bg-navy-950 text-slate-300 print:hidden" data-testid="public-footer">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[1.3fr_1.1fr_0.9fr] lg:gap-14">
        <div className="grid content-start gap-5 sm:col-span-2 lg:col-span-1">
          <Link to="/" className="flex items-center gap-3 self-start" aria-label={`${content.shortName} - página inicial`}>
            <BrandMark className="size-11 shrink-0" />
            <span className="font-bold leading-tight text-white">{content.shortName}</span>
          </Link>
          <p className="max-w-md text-sm leading-relaxed">{content.description}</p>
          <SocialLinks social={content.social} tone="dark" />
        </div>

        <div>
          <h2 className={heading}>Contato e atendimento</h2>
          <ContactList content={content} tone="dark" className="mt-5" />
          <NewTabLink
            note=" (abre em nova aba)"
            href={whatsappLink(content.whatsapp, "Olá! Gostaria de falar com o sindicato.")}
            className="mt-5 inline-flex h-11 items-center gap-2 whitespace-nowrap rounded-lg bg-white/10 px-4 text-sm font-semibold text-white hover:bg-brand-700"
          >
            <WhatsappGlyph className="size-5" /> Fale pelo WhatsApp
          </NewTabLink>
        </div>

        <nav aria-label="Links do rodapé">
          <h2 className={heading}>Institucional</h2>
          <ul className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-1">
            <LinkItems links={LINKS} className="text-slate-300 underline-offset-4 hover:text-white hover:underline" />
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-3 py-5 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {new Date().getFullYear()} {content.name}. Todos os direitos reservados.
          </p>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <Link
              to="/privacidade"
              className="inline-flex items-center gap-1.5 text-slate-300 underline-offset-4 hover:text-white hover:underline"
            >
              <ShieldCheck aria-hidden className="size-4" /> Privacidade e LGPD
            </Link>
            <Link to="/filiado" className="text-slate-300 underline-offset-4 hover:text-white hover:underline">
              Área do Filiado
            </Link>
            <Link to="/login" className="text-slate-300 underline-offset-4 hover:text-white hover:underline">
              Área restrita
            </Link>
            {sourceCodeUrl ? (
              <a
                href={sourceCodeUrl}
                rel="noopener noreferrer license"
                className="text-slate-300 underline-offset-4 hover:text-white hover:underline"
                data-testid="source-code-link"
              >
                Código-fonte (AGPL)
              </a>
            ) : null}
          </p>
        </div>
      </div>
    </footer>
  );
}
