import { db } from "~/db/client.server";
import { inIdOrder } from "~/db/in-id-order.server";
import { members } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { writeXlsx } from "~/domain/imports/spreadsheet.server";
import { inArray } from "drizzle-orm";
import { csvStream, csvText } from "~/utils/csv.server";
import { errorFields, log } from "~/utils/logger.server";
import { authorize, type Actor } from "~/auth/authorize";
import { can } from "~/auth/screens";
import { formatCpf, maskCpfForList } from "~/lib/br/cpf";
import { formatDate } from "~/lib/dates";
import { LIST_ORDER, listFilter, type MemberListQuery } from "./list-members.server";
import { PAYMENT_STATUS_LABELS, SITUATION_LABELS, paymentStatus } from "./member-options";

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

type Row = (string | number | null)[];

/**
 * The current filtered list (tab and search) as CSV: CPF masked unless the role may see it
 * (ADR 122); audited with the row count and whether full CPFs went out (never the data itself),
 * before the first byte leaves. The CSV streams (ADR 261): the order is fixed once as the sorted
 * ids (50,000 members are ~2 MB of ids), then the rows are read 2,000 at a time by id and written
 * as they come, never the whole table at once. The .xlsx is one file, built from the same batches.
 */
export async function exportMemberList(actor: Actor, query: Pick<MemberListQuery, "q" | "tab" | "month">, format: "csv" | "xlsx" = "csv") {
  authorize(actor, "members.export");
  const fullCpf = can(actor.role, "members.cpf");
  const { where } = listFilter(actor, query);
  const ids = (
    await db()
      .select({ id: members.id })
      .from(members)
      .where(where)
      .orderBy(...LIST_ORDER)
  ).map((r) => r.id);
  await recordAudit(db(), actor, "member.list_exported", null, {
    rows: ids.length,
    tab: query.tab,
    searched: query.q.trim() !== "",
    fullCpf,
    format,
  });
  const batches = memberRows(ids, fullCpf);
  if (format === "csv") return csvStream(HEADER, batches, (error) => log.error("Erro ao exportar os filiados", errorFields(error)));
  const rows: Row[] = [HEADER];
  for await (const batch of batches) rows.push(...batch);
  return xlsxOf(rows);
}

function memberRows(ids: string[], fullCpf: boolean) {
  return inIdOrder(
    ids,
    (slice) => db().select().from(members).where(inArray(members.id, slice)),
    (m): Row => [
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
    ],
  );
}

/**
 * The same rows as an .xlsx sheet (write-excel-file, loaded on first use — ADR 104/173): header
 * in bold, every cell text (CPF, CEP and dates keep their form) but the registration number and
 * the situação code.
 */
function xlsxOf(rows: Row[]) {
  return writeXlsx(
    "filiados",
    rows.map((r, i) =>
      i === 0
        ? r.map((v) => ({ value: v, bold: true }))
        : r.map((v, col) => ((col === 0 || col === 11) && typeof v === "number" ? v : csvText(v))),
    ),
  );
}
