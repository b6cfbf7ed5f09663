import { Link } from "react-router";
import { Newspaper } from "~/components/icons/sprite";
import { Button } from "~/components/ui/button";

/** Shown (with HTTP 404) for an unknown, draft or not-yet-published post, inside the site's layout. */
export function NewsNotFound({ title = "Notícia não encontrada", message }: { title?: string; message?: string }) {
  return (
    <section className="container-page grid place-items-center py-20 sm:py-28">
      <div className="max-w-lg text-center">
        <span className="mx-auto grid size-16 place-items-center rounded-2xl bg-brand-50 text-brand-700">
          <Newspaper className="size-8" aria-hidden />
        </span>
        <h1 className="mt-6 text-2xl font-bold text-navy-950 sm:text-3xl">{title}</h1>
        <p className="mt-3 text-slate-700">{message ?? "O endereço pode estar incorreto ou a notícia ainda não foi publicada."}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/noticias">Ver todas as notícias</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">Voltar para o início</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
