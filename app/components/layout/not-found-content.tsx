import { LinkItems } from "./link-items";
import { PUBLIC_PAGES } from "~/lib/public-pages";

export const NOT_FOUND_MESSAGES = {
  /** The original's text, kept verbatim (marked as English for screen readers). */
  heading: "Oops! Page not found",
  line: "Página não encontrada. O endereço pode estar incorreto ou a página pode ter sido removida.",
  linksTitle: "Você pode seguir por aqui:",
} as const;

const P = PUBLIC_PAGES;
const LINKS = [P.home, P.agreements, P.news, P.contact, P.complaint];

/** The 404 body: the original's English line, then Portuguese and the main ways onward. */
export function NotFoundContent() {
  return (
    <div className="max-w-lg text-center">
      <p className="text-7xl font-black text-brand-700">404</p>
      <h1 lang="en" className="mt-4 text-2xl font-bold text-navy-950">
        {NOT_FOUND_MESSAGES.heading}
      </h1>
      <p className="mt-3 text-slate-700">{NOT_FOUND_MESSAGES.line}</p>
      <nav aria-labelledby="nao-encontrada-links" className="mt-6">
        <h2 id="nao-encontrada-links" className="text-sm font-semibold text-slate-800">
          {NOT_FOUND_MESSAGES.linksTitle}
        </h2>
        <ul className="mt-3 flex flex-wrap justify-center gap-x-5 gap-y-2">
          <LinkItems links={LINKS} className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800" />
        </ul>
      </nav>
    </div>
  );
}
