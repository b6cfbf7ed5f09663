import { Wrench } from "~/components/icons/sprite";
import type { Route } from "./+types/maintenance";
import { noindexMeta } from "~/utils/seo";
import { LinkItems } from "~/components/layout/link-items";
import { PUBLIC_PAGES } from "~/lib/public-pages";

export const meta: Route.MetaFunction = noindexMeta(
  "Área em Manutenção",
  "A área restrita está temporariamente desativada para manutenção.",
  "/manutencao",
);

const P = PUBLIC_PAGES;
const LINKS = [P.agreements, P.news, P.partners, P.complaint, P.home];

export default function Maintenance() {
  return (
    <section className="container-page grid place-items-center py-20">
      <div className="max-w-xl text-center">
        <span className="mx-auto grid size-16 place-items-center rounded-full bg-flame-300/30 text-brand-800">
          <Wrench className="size-8" aria-hidden />
        </span>
        <h1 className="mt-6 text-3xl font-bold text-navy-950">Área em Manutenção</h1>
        <p className="mt-3 text-slate-700">
          A área restrita está temporariamente desativada para manutenção. Enquanto isso, o restante do site continua disponível:
        </p>
        <ul className="mt-6 grid gap-2 sm:grid-cols-2">
          <LinkItems
            links={LINKS}
            className="block rounded-lg border border-slate-200 px-4 py-3 font-medium text-brand-800 hover:border-brand-300 hover:bg-brand-50"
          />
        </ul>
      </div>
    </section>
  );
}
