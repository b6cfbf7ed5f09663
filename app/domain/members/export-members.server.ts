import { db } from "~/db/client.server";
import { members } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { writeXlsx } from "~/domain/imports/spreadsheet.server";
import { csvText, toCsv } from "~/utils/csv.server";
import { authorize, type Actor } from "~/auth/authorize";
import { can } from "~/auth/screens";
import { formatCpf, maskCpfForList } from "~/lib/br/cpf";
import { formatDate } from "~/lib/dates";
import { LIST_ORDER, listFilter, type MemberListQuery } from "./list-members.server";
import { PAYMENT_STATUS_LABELS, SITUATION_LABELS, paymentStatus } from "./member-options";

const BATCH = 2000;

/** The old system's column names, so the file reads like its `associado` export. */
const HEADER = [
  "matricula",
  "nome_associado",
  "cpf",
  "email",
  "telefone_celular",
  "endereco",
  "cidade",
  "estado",
  "cep",
  "regiao",
  "posto_trabalho",
  "situacao",
  "situacao_descricao",
  "status",
  "pagamento",
  "data_cadastro",
];

/**
 * The current filtered list (tab and search) as CSV: CPF masked unless the role may see it
 * (ADR 122); read in batches, never the whole table at once; audited with the row count and
 * whether full CPFs went out (never the data itself).
 */
export async function exportMemberList(actor: Actor, query: Pick<MemberListQuery, "q" | "tab" | "month">, format: "csv" | "xlsx" = "csv") {
  authorize(actor, "members.export");
  const fullCpf = can(actor.role, "members.cpf");
  const { where } = listFilter(actor, query);
  const rows: (string | number | null)[][] = [HEADER];
  for (let offset = 0; ; offset += BATCH) {
    const batch = await db()
      .select()
      .from(members)
      .where(where)
      .orderBy(...LIST_ORDER)
      .limit(BATCH)
      .offset(offset);
    for (const m of batch) {
      rows.push([
        m.registrationNumber,
        m.name,
        m.cpf ? (fullCpf ? formatCpf(m.cpf) : maskCpfForList(m.cpf)) : "",
        m.email,
        m.mobilePhone,
        m.address,
        m.city,
        m.state,
        m.cep,
        m.region,
        m.workplaceName,
        m.situation,
        m.situation === null ? "" : (SITUATION_LABELS[String(m.situation)] ?? ""),
        m.status,
        PAYMENT_STATUS_LABELS[paymentStatus(m)],
        formatDate(m.joinedOn),
      ]);
    }
    if (batch.length < BATCH) break;
  }
  await recordAudit({
    actor,
    action: "member.list_exported",
    entityType: "member",
    data: { rows: rows.length - 1, tab: query.tab, searched: query.q.trim() !== "", fullCpf, format },
  });
  if (format === "xlsx") return xlsxOf(rows);
  return toCsv(rows);
}

/**
 * The same rows as an .xlsx sheet (write-excel-file, loaded on first use — ADR 104/173): header
 * in bold, every cell text (CPF, CEP and dates keep their form) but the registration number and
 * the situação code.
 */
function xlsxOf(rows: (string | number | null)[][]) {
  return writeXlsx(
    "filiados",
    rows.map((r, i) =>
      i === 0
        ? r.map((v) => ({ value: v, bold: true }))
        : r.map((v, col) => ((col === 0 || col === 11) && typeof v === "number" ? v : csvText(v))),
    ),
  );
}
