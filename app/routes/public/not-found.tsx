import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";

export async function loader() {
  return data(null, { status: 404 });
}

// No canonical URL: a missing page has none of its own (it is noindex instead).
export const meta: Route.MetaFunction = () => [
  { title: "Página não encontrada | Sindicato dos Bombeiros Civis do DF" },
  { name: "description", content: "A página procurada não existe ou foi removida. Volte para o início do site do sindicato." },
  { property: "og:title", content: "Página não encontrada | Sindicato dos Bombeiros Civis do DF" },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return (
    <section className="container-page grid place-items-center py-24">
      <div className="text-center">
        <p className="text-7xl font-black text-brand-700">404</p>
        <h1 className="mt-4 text-2xl font-bold text-navy-950">Oops! Page not found</h1>
        <Link to="/" className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-4">
          Voltar para o início
        </Link>
      </div>
    </section>
  );
}
