import * as React from "react";
import { Link } from "react-router";
import { CheckCheck, FileSearch, Landmark, Loader2 } from "lucide-react";
import { useFormAction } from "~/utils/use-form-action";
import type { ActionResult } from "~/utils/action-result";
import type { StatementMatch } from "~/domain/finance/statement-types";
import { FilePicker } from "~/components/ui/file-picker";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

type ReconcileResult = ActionResult & { match?: StatementMatch; registered?: number };

const ACCEPT = ".csv,.txt,text/csv,text/plain";
const period = (m: number, y: number) => `${String(m).padStart(2, "0")}/${y}`;

/**
 * Bank statement matching (issue 11, ADR 158): send the bank's CSV, read the proposals, tick
 * the ones to register and confirm (the same file goes again; the server matches again and
 * registers all ticked lines or none). Unmatched lines are listed for manual handling.
 */
export function StatementReconciliation({ action, chargePath }: { action: string; chargePath: (id: string) => string }) {
  const [formKey, setFormKey] = React.useState(0);
  const [fileName, setFileName] = React.useState<string | null>(null);
  const [dismissed, setDismissed] = React.useState<StatementMatch | null>(null);
  const { Form, result, busy, pendingIntent, errors } = useFormAction<ReconcileResult>({
    onSuccess: (r) => {
      if (r.intent !== "statement-confirm") return;
      setFileName(null);
      setFormKey((k) => k + 1);
    },
  });
  // The last preview's answer (also when the page was posted without JavaScript), until another file is chosen.
  const preview = result?.ok && result.intent === "statement-preview" ? (result.match ?? null) : null;
  const match = preview && preview !== dismissed ? preview : null;
  const done = result?.ok && (result.intent === "statement-confirm" || match) ? result.message : null;
  const mine = result?.intent === "statement-preview" || result?.intent === "statement-confirm";
  const fileError = mine ? errors.arquivo : undefined;
  const formError = mine && result && !result.ok && !errors.arquivo ? result.message : undefined;
  const id = "f-arquivo-extrato";
  return (
    <Card className="grid gap-4 p-4 sm:p-5" data-testid="statement-reconciliation">
      <div>
        <h2 className="flex items-center gap-2 text-lg font-semibold text-navy-950">
          <Landmark aria-hidden className="size-5" /> Extrato do banco
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Envie o extrato da conta em CSV, como o banco exporta (colunas Data Lançamento; Histórico; Descrição; Valor; Saldo — Banco Inter — ou o CSV do
          Nubank). Os PIX recebidos cujo txid, ou valor exato e nome do filiado, correspondem a uma cobrança em aberto são propostos; nada é gravado até você
          confirmar.
        </p>
      </div>
      <Form key={formKey} method="post" encType="multipart/form-data" action={action} className="grid gap-4" aria-busy={busy} noValidate>
        <div className="grid gap-1.5">
          <label htmlFor={id} className="text-sm font-medium text-slate-900">
            Arquivo do extrato (.csv)
          </label>
          <FilePicker
            id={id}
            name="arquivo"
            accept={ACCEPT}
            fileName={fileName}
            buttonLabel="Selecionar extrato"
            nameTestId="statement-file"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${id}-error` : undefined}
            onChange={(e) => {
              setFileName(e.currentTarget.files?.[0]?.name ?? null);
              setDismissed(preview);
            }}
          />
          {fileError ? (
            <p id={`${id}-error`} className="text-sm font-medium text-red-700" data-testid="statement-error">
              {fileError}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="statement-preview" variant={match ? "outline" : "default"} disabled={busy}>
            {busy && pendingIntent === "statement-preview" ? <Loader2 aria-hidden className="animate-spin" /> : <FileSearch aria-hidden />} Ler extrato
          </Button>
        </div>
        {formError ? (
          <p className="text-sm font-medium text-red-700" role="alert" data-testid="statement-form-error">
            {formError}
          </p>
        ) : null}
        <p role="status" className="text-sm text-slate-700" data-testid="statement-status">
          {busy ? (pendingIntent === "statement-confirm" ? "Registrando os pagamentos, aguarde…" : "Lendo o extrato, aguarde…") : (done ?? "")}
        </p>
        {match ? <MatchView match={match} busy={busy} confirming={pendingIntent === "statement-confirm"} chargePath={chargePath} /> : null}
      </Form>
    </Card>
  );
}

function MatchView({ match, busy, confirming, chargePath }: { match: StatementMatch; busy: boolean; confirming: boolean; chargePath: (id: string) => string }) {
  const [ticked, setTicked] = React.useState(() => new Set(match.proposals.map((p) => p.line)));
  React.useEffect(() => setTicked(new Set(match.proposals.map((p) => p.line))), [match]);
  const total = match.proposals.filter((p) => ticked.has(p.line)).reduce((s, p) => s + p.amountCentavos, 0);
  const toggle = (line: number, on: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(line);
      else next.delete(line);
      return next;
    });
  return (
    <div className="grid gap-5" data-testid="statement-match">
      <input type="hidden" name="digest" value={match.digest} />
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {(
          [
            ["credits", "Créditos no extrato", match.credits],
            ["proposals", "Pagamentos propostos", match.proposals.length],
            ["unmatched", "Para conferência manual", match.unmatched.length],
            ["problems", "Linhas ilegíveis", match.problems.length],
          ] as const
        ).map(([key, label, value]) => (
          <div key={key} className="rounded-md border border-slate-200 px-3 py-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900" data-testid={`statement-count-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="propostas-titulo" className="grid gap-2">
        <h3 id="propostas-titulo" className="text-base font-semibold text-slate-900">
          Pagamentos propostos
        </h3>
        {match.proposals.length ? (
          <>
            <div className="overflow-x-auto rounded-md border border-slate-200" tabIndex={0} role="region" aria-label="Pagamentos propostos">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <caption className="sr-only">Lançamentos do extrato e a cobrança proposta para cada um</caption>
                <thead className="bg-slate-50 text-xs uppercase text-slate-600">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Confirmar
                    </th>
                    <th scope="col" className="px-3 py-2">Linha</th>
                    <th scope="col" className="px-3 py-2">Data</th>
                    <th scope="col" className="px-3 py-2">Pagador no extrato</th>
                    <th scope="col" className="px-3 py-2 text-right">Valor</th>
                    <th scope="col" className="px-3 py-2">Cobrança</th>
                    <th scope="col" className="px-3 py-2">Por</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {match.proposals.map((p) => {
                    const boxId = `confirmar-linha-${p.line}`;
                    return (
                      <tr key={p.line} data-testid={`proposal-${p.line}`}>
                        <td className="px-3 py-2">
                          <input
                            id={boxId}
                            type="checkbox"
                            name="lines"
                            value={p.line}
                            checked={ticked.has(p.line)}
                            onChange={(e) => toggle(p.line, e.currentTarget.checked)}
                            className="size-5 accent-brand-700"
                          />
                          <label htmlFor={boxId} className="sr-only">
                            Confirmar linha {p.line}: {p.memberName}, {period(p.referenceMonth, p.referenceYear)}
                          </label>
                        </td>
                        <td className="px-3 py-2 font-mono">{p.line}</td>
                        <td className="px-3 py-2 whitespace-nowrap">{formatDate(p.date)}</td>
                        <td className="px-3 py-2">{p.payerName || "—"}</td>
                        <td className="px-3 py-2 text-right whitespace-nowrap">{formatMoney(p.amountCentavos)}</td>
                        <td className="px-3 py-2">
                          <Link to={chargePath(p.chargeId)} className="font-semibold text-brand-800 underline underline-offset-2">
                            {p.memberName} · <span className="whitespace-nowrap">{period(p.referenceMonth, p.referenceYear)}</span>
                          </Link>
                        </td>
                        <td className="px-3 py-2">{p.via === "txid" ? "txid" : "valor e nome"}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" name="intent" value="statement-confirm" disabled={busy || ticked.size === 0}>
                {busy && confirming ? <Loader2 aria-hidden className="animate-spin" /> : <CheckCheck aria-hidden />} Confirmar {ticked.size}{" "}
                {ticked.size === 1 ? "pagamento" : "pagamentos"}
              </Button>
              <p className="text-sm text-slate-700" data-testid="statement-selected-total">
                Total marcado: {formatMoney(total)}
              </p>
            </div>
          </>
        ) : (
          <p className="text-sm text-slate-700">Nenhum lançamento corresponde a uma cobrança em aberto.</p>
        )}
      </section>

      {match.unmatched.length ? (
        <section aria-labelledby="manuais-titulo" className="grid gap-2">
          <h3 id="manuais-titulo" className="text-base font-semibold text-slate-900">
            Para conferência manual
          </h3>
          <p className="text-sm text-slate-700">Estes créditos não foram associados a uma cobrança. Registre-os pela tela financeira, se for o caso.</p>
          <div className="overflow-x-auto rounded-md border border-slate-200" tabIndex={0} role="region" aria-label="Créditos para conferência manual">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">Créditos do extrato sem cobrança correspondente e o motivo</caption>
              <thead className="bg-slate-50 text-xs uppercase text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">Linha</th>
                  <th scope="col" className="px-3 py-2">Data</th>
                  <th scope="col" className="px-3 py-2">Descrição</th>
                  <th scope="col" className="px-3 py-2 text-right">Valor</th>
                  <th scope="col" className="px-3 py-2">Motivo</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {match.unmatched.map((u) => (
                  <tr key={u.line} data-testid={`unmatched-${u.line}`}>
                    <td className="px-3 py-2 font-mono">{u.line}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatDate(u.date)}</td>
                    <td className="px-3 py-2">{u.description}</td>
                    <td className="px-3 py-2 text-right whitespace-nowrap">{formatMoney(u.amountCentavos)}</td>
                    <td className="px-3 py-2">{u.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      {match.problems.length ? (
        <section aria-labelledby="problemas-titulo" className="grid gap-2">
          <h3 id="problemas-titulo" className="text-base font-semibold text-slate-900">
            Linhas que não puderam ser lidas
          </h3>
          <ul className="list-disc pl-5 text-sm text-slate-800">
            {match.problems.map((p) => (
              <li key={p.line}>
                Linha {p.line}: {p.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
