import { useLoaderData } from "react-router";
import { ShieldCheck, ShieldX } from "~/components/icons/sprite";
import type { Route } from "./+types/verify";
import { verifyCard } from "~/domain/member-area/card.server";
import { isAppError } from "~/utils/app-error";
import { cn } from "~/lib/cn";
import { CardFact } from "~/components/members/card-fact";

export const meta: Route.MetaFunction = () => [
  { title: "Verificação de carteirinha | Sindicato dos Bombeiros Civis do DF" },
  { name: "robots", content: "noindex" },
];

/** The answer is about one person and changes with their status: never cached. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

/**
 * The partner's check of a membership card (issue 23 §5, ADR 272): "Filiado ativo" or "Não
 * ativo", with the first name and the matrícula only. No CPF, no photo.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { throttled: null, result: await verifyCard(params.code ?? "", context.clientIp) };
  } catch (error) {
    if (isAppError(error) && error.status === 429) return { throttled: error.message, result: null };
    throw error;
  }
}

export default function VerifyCard() {
  const { throttled, result } = useLoaderData<typeof loader>();
  const active = result?.found === true && result.active;
  return (
    <section className="container-page grid min-h-[60dvh] place-items-center py-12">
      <div className="grid w-full max-w-md gap-4 rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-lg">
        <h1 className="text-xl font-bold text-navy-950">Verificação de carteirinha</h1>
        {throttled ? (
          <p className="text-sm text-slate-800" role="alert">
            {throttled}
          </p>
        ) : (
          <>
            <p
              className={cn(
                "mx-auto inline-flex items-center gap-2 rounded-full px-4 py-2 text-lg font-bold",
                active ? "bg-emerald-100 text-emerald-900" : "bg-red-100 text-red-900",
              )}
              data-testid="verify-status"
            >
              {active ? <ShieldCheck aria-hidden className="size-6" /> : <ShieldX aria-hidden className="size-6" />}
              {active ? "Filiado ativo" : "Não ativo"}
            </p>
            {result?.found ? (
              <dl className="grid grid-cols-2 gap-3 text-left text-sm">
                <CardFact label="Nome" valueClassName="font-semibold text-slate-900" testId="verify-name">
                  {result.firstName || "—"}
                </CardFact>
                <CardFact label="Matrícula" valueClassName="font-mono font-semibold text-slate-900" testId="verify-registration">
                  {result.registrationNumber}
                </CardFact>
              </dl>
            ) : (
              <p className="text-sm text-slate-700">
                Carteirinha não reconhecida: o código não existe ou foi substituído porque a situação do filiado mudou.
              </p>
            )}
            <p className="text-xs text-slate-600">
              Situação consultada agora no cadastro do sindicato. Peça ao filiado a carteirinha atual em caso de dúvida.
            </p>
          </>
        )}
      </div>
    </section>
  );
}
