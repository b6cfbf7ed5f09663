import { data } from "react-router";
import { NotFoundMessage } from "~/components/layout/not-found";
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
  return <NotFoundMessage />;
}
