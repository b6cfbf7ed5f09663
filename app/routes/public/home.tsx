import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { Button } from "~/components/ui/button";
import type { loader as layoutLoader } from "./layout";

export const meta: Route.MetaFunction = () => [
  { title: "Sindicato dos Bombeiros Civis do DF" },
  { name: "description", content: "Informação, convenções coletivas e canais de apoio para os bombeiros civis do Distrito Federal." },
];

export default function Home() {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/public/layout");
  const name = layout?.content.name ?? "Sindicato";
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-navy-950 via-navy-900 to-brand-900 text-white">
      <div className="container-page grid gap-6 py-20 sm:py-28">
        <p className="text-sm font-semibold uppercase tracking-widest text-flame-300">Bem-vindo ao</p>
        <h1 className="max-w-3xl text-4xl font-extrabold leading-tight sm:text-5xl">{name}</h1>
        <p className="max-w-2xl text-lg text-slate-200">
          Unidos pela valorização, segurança e direitos de quem protege vidas.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild variant="light" size="lg">
            <Link to="/quem-somos">Conheça o sindicato</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
