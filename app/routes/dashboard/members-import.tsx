import { Link, useLoaderData } from "react-router";
import { ArrowLeft } from "~/components/icons/sprite";
import type { Route } from "./+types/members-import";
import { requireAccess } from "~/auth/guard.server";
import { authorize } from "~/auth/authorize";
import { MEMBER_IMPORT_MAX_BYTES, MEMBER_IMPORT_MESSAGES, previewMemberImport } from "~/domain/members/import-members.server";
import { memberImportActionSchema } from "~/domain/members/member.schema";
import { importReply, oneUploadAtATime } from "~/utils/import-reply.server";
import { IMPORT_RUN_MESSAGES, latestImportRun, startImportRun } from "~/domain/imports/import-runs.server";
import { handleAction } from "~/utils/action.server";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { SpreadsheetImport } from "~/components/imports/spreadsheet-import";
import { Card } from "~/components/ui/card";

export const meta: Route.MetaFunction = () => [{ title: "Importar Filiados | Painel" }];

const PATH = "/dashboard/admin/members/importar";
const COLUMNS =
  "matricula, nome_associado, data_nascimento, sexo, endereco, cidade, estado, cep, telefone_celular, telefone_residencia, email, cpf, data_cadastro, situacao, posto_trabalho, status, observacao";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAccess(request);
  authorize(actor, "members.import");
  return { run: await latestImportRun("members", actor) };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAccess(request);
  return oneUploadAtATime(request, () =>
    handleAction(request, {
      actor,
      intents: memberImportActionSchema,
      upload: { field: "arquivo", maxBytes: MEMBER_IMPORT_MAX_BYTES, tooLargeMessage: MEMBER_IMPORT_MESSAGES.tooLarge },
      fallback: { "import-preview": MEMBER_IMPORT_MESSAGES.error, "import-commit": MEMBER_IMPORT_MESSAGES.error },
      handlers: {
        "import-preview": async (_input, { file }) =>
          importReply("import-preview", await previewMemberImport(actor, file), MEMBER_IMPORT_MESSAGES),
        // The commit runs as a job (ADR 253): the file is stored and the page follows its progress.
        "import-commit": async (_input, { file }) => ({
          message: IMPORT_RUN_MESSAGES.started,
          run: await startImportRun("members", actor, file),
        }),
      },
    }),
  );
}

export default function MembersImportPage() {
  const { run } = useLoaderData<typeof loader>();
  return (
    <div>
      <p className="mb-3">
        <Link
          to="/dashboard/admin/members"
          className="inline-flex items-center gap-1 text-sm font-semibold text-navy-900 underline-offset-2 hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" /> Voltar para Gestão de Filiados
        </Link>
      </p>
      <PageHeader
        title="Importar Filiados"
        description="Traga os filiados do sistema antigo (tabela associado) de uma vez, sem digitar um a um."
      />
      <SpreadsheetImport
        action={PATH}
        title="Importar planilha de filiados"
        name="member-import"
        keyLabel="Filiado"
        reportFileName="relatorio-importacao-filiados.csv"
        run={run}
        intro="Envie a exportação do sistema antigo em .xlsx ou .csv (até 50.000 linhas) com as colunas do"
        rules="Uma matrícula ou um CPF já cadastrado atualiza o filiado (células vazias mantêm o que já existe); os demais viram filiados novos, com a matrícula informada ou a próxima livre. Primeiro a planilha é validada e o relatório lista todos os problemas de cada linha; nada é gravado até você confirmar, e a importação grava todas as linhas ou nenhuma: com qualquer linha com problema, nada é importado."
      />
      <Card className="p-4 text-sm text-slate-700">
        <h2 className="mb-2 text-base font-semibold text-slate-900">Regras de cada linha</h2>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Colunas reconhecidas: <span className="break-words font-mono text-xs">{COLUMNS}</span>.
          </li>
          <li>Obrigatórios: nome_associado e cpf (com dígitos verificadores válidos).</li>
          <li>Datas em dd/mm/aaaa ou aaaa-mm-dd; situacao 1, 2, 3, 4 ou 10.</li>
          <li>E-mail, telefones e CEP, quando preenchidos, são validados como no cadastro.</li>
          <li>CPF ou matrícula repetidos na planilha são rejeitados a partir da segunda ocorrência.</li>
        </ul>
      </Card>
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
