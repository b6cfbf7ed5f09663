import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db, type Tx } from "~/db/client.server";
import { members } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { authorize, type Actor } from "~/auth/authorize";
import {
  importMessages,
  refuseOverRowCap,
  streamSpreadsheet,
  spreadsheetTemplate,
  yieldTurn,
  type ImportProgress,
  type ImportReport,
  type SpreadsheetColumn,
  type SpreadsheetRow,
} from "~/domain/imports/spreadsheet.server";
import { cpfDigits, cpfProblem } from "~/lib/br/cpf";
import { optionalCepField, optionalPhoneField } from "~/lib/br/fields";
import { todayInBrasilia } from "~/lib/dates";
import { collectGarbage } from "~/utils/heap.server";
import { emailField, labelledText, nullableText } from "~/utils/fields";
import { MAX_REGISTRATION_NUMBER, SITUATION_CODES, STATES, STATUS_FOR_SITUATION, type SituationCode } from "./member-options";
import { MEMBER_MESSAGES } from "./member.schema";
import { lockRegistrationNumbers, nextRegistrationNumber } from "./registration-number.server";

/**
 * The import from the old system (issue 8, ADR 123): its `associado` table exported as .xlsx or
 * .csv with its own column names. Read by the shared spreadsheet reader (ADR 141); every row is
 * validated; an existing registration number or CPF updates that member, anything else creates
 * one (keeping a given registration number). A dry run reports every problem of every row; the
 * commit applies the whole file in one transaction, or nothing when any row has a problem.
 */
export const MEMBER_IMPORT_MAX_ROWS = 50_000;
export const MEMBER_IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export const MEMBER_IMPORT_MESSAGES = {
  ...importMessages({ one: "filiado criado", many: "filiados criados" }, MEMBER_IMPORT_MAX_BYTES),
  registration: `Matrícula inválida: deve ser um número inteiro entre 1 e ${MAX_REGISTRATION_NUMBER}.`,
  cpfRequired: "CPF é obrigatório.",
  date: (header: string) => `${header} inválida: use dd/mm/aaaa ou aaaa-mm-dd.`,
  dateMissing: (header: string) => `${header} inválida: essa data não existe no calendário (confira o dia e o mês).`,
  dateYear: (header: string) => `${header} inválida: o ano deve estar entre 1900 e 2100.`,
  situation: "Situação inválida: use 1, 2, 3, 4 ou 10.",
  state: "Estado deve ser a sigla de uma UF (ex.: DF).",
  duplicateCpf: (row: number) => `CPF repetido na planilha (já usado na linha ${row}).`,
  duplicateRegistration: (row: number) => `Matrícula repetida na planilha (já usada na linha ${row}).`,
  cpfOfOther: (n: number) => `O CPF pertence ao filiado de matrícula ${n}, diferente da matrícula informada.`,
  anonymized: (n: number) => `O filiado de matrícula ${n} foi anonimizado (LGPD) e não pode ser atualizado.`,
  tooLong: (header: string, max: number) => `${header} deve ter no máximo ${max} caracteres.`,
} as const;

/** The old system's `associado` columns, in its order and spelling. */
export const MEMBER_IMPORT_COLUMNS: readonly SpreadsheetColumn[] = [
  { key: "registrationNumber", header: "matricula", aliases: ["matrícula"] },
  { key: "name", header: "nome_associado", aliases: ["nome"], required: true },
  { key: "birthDate", header: "data_nascimento" },
  { key: "gender", header: "sexo" },
  { key: "address", header: "endereco" },
  { key: "city", header: "cidade" },
  { key: "state", header: "estado", aliases: ["uf"] },
  { key: "cep", header: "cep" },
  { key: "mobilePhone", header: "telefone_celular", aliases: ["celular"] },
  { key: "homePhone", header: "telefone_residencia", aliases: ["telefone"] },
  { key: "email", header: "email", aliases: ["e-mail"] },
  { key: "cpf", header: "cpf", required: true },
  { key: "joinedOn", header: "data_cadastro" },
  { key: "situation", header: "situacao" },
  { key: "workplaceName", header: "posto_trabalho" },
  { key: "status", header: "status" },
  { key: "notes", header: "observacao", aliases: ["observação", "obs"] },
];

const EXAMPLE = {
  registrationNumber: 1234,
  name: "Maria da Conceição Araújo",
  birthDate: "15/03/1985",
  gender: "F",
  address: "QNM 12 Conjunto B Casa 7",
  city: "Ceilândia",
  state: "DF",
  cep: "72215-120",
  mobilePhone: "(61) 91234-5678",
  homePhone: "",
  email: "maria@exemplo.com.br",
  cpf: "529.982.247-25",
  joinedOn: "02/05/2010",
  situation: 1,
  workplaceName: "Shopping Conjunto Nacional",
  status: "ativo",
  notes: "",
};

/** The template (.xlsx): the old system's columns and one example row. */
export async function memberImportTemplate(actor: Actor) {
  authorize(actor, "members.import");
  return spreadsheetTemplate("associado", MEMBER_IMPORT_COLUMNS, [EXAMPLE]);
}

/**
 * dd/mm/aaaa (also d/m/aaaa) or aaaa-mm-dd (what an Excel date cell reads as) → ISO; otherwise
 * why not: not in either form, a day the calendar does not have (31/02), or a year out of range.
 */
export function checkImportDate(text: string): { iso: string } | { problem: "format" | "missing" | "year" } {
  const t = text.trim();
  let y: number, m: number, d: number;
  const br = t.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  const iso = t.match(/^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+Z?)?$/);
  if (br) [d, m, y] = [Number(br[1]), Number(br[2]), Number(br[3])];
  else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return { problem: "format" };
  const date = new Date(Date.UTC(y, m - 1, d));
  if (m < 1 || m > 12 || d < 1 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return { problem: "missing" };
  if (y < 1900 || y > 2100) return { problem: "year" };
  return { iso: `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}` };
}

/** The ISO date of an import cell, or null when it is not a valid date. */
export function importDate(text: string): string | null {
  const r = checkImportDate(text);
  return "iso" in r ? r.iso : null;
}

const name = labelledText("Nome", 2, 120);
const email = z
  .string()
  .trim()
  .transform((v) => v)
  .pipe(z.union([z.literal("").transform(() => null), emailField({ invalid: MEMBER_MESSAGES.emailInvalid })]));
const fieldsSchema = z.object({
  name,
  email,
  mobilePhone: optionalPhoneField(),
  homePhone: optionalPhoneField(),
  cep: optionalCepField(),
  address: nullableText({ max: 200, tooLong: "Endereço deve ter no máximo 200 caracteres." }),
  city: nullableText({ max: 80, tooLong: "Cidade deve ter no máximo 80 caracteres." }),
  workplaceName: nullableText({ max: 160, tooLong: "Posto de trabalho deve ter no máximo 160 caracteres." }),
  notes: nullableText({ max: 2000, tooLong: "Observação deve ter no máximo 2000 caracteres.", multiline: true }),
});

/** The member columns a row sets (null: the cell was blank). */
export type MemberImportRow = z.output<typeof fieldsSchema> & {
  row: number;
  registrationNumber: number | null;
  cpf: string;
  birthDate: string | null;
  gender: string | null;
  state: string | null;
  joinedOn: string | null;
  situation: SituationCode | null;
  status: string | null;
};

/**
 * Every problem of one row, not only the first (issue 18 §2): the form's fields, CPF,
 * registration number, dates, situação, UF, sexo and status are each checked. The CPF and the
 * registration number come back when they are valid, even if something else is not, so the
 * file's duplicates and the database's matches can be reported too.
 */
type Checked = { problems: string[]; cpf: string | null; registrationNumber: number | null; value: MemberImportRow | null };

function validateRow(r: SpreadsheetRow): Checked {
  const v = r.values;
  const problems: string[] = [];
  const parsed = fieldsSchema.safeParse({
    name: v.name ?? "",
    email: v.email ?? "",
    mobilePhone: v.mobilePhone ?? "",
    homePhone: v.homePhone ?? "",
    cep: v.cep ?? "",
    address: v.address ?? "",
    city: v.city ?? "",
    workplaceName: v.workplaceName ?? "",
    notes: v.notes ?? "",
  });
  if (!parsed.success) problems.push(...parsed.error.issues.map((i) => i.message));
  // A CPF a spreadsheet stored as a number lost its leading zeros: put them back.
  let cpf: string | null = cpfDigits(v.cpf ?? "");
  if (!cpf) {
    problems.push(MEMBER_IMPORT_MESSAGES.cpfRequired);
    cpf = null;
  } else {
    if (/^\d{9,10}$/.test(cpf) && /^[\d.\-\s]+$/.test((v.cpf ?? "").trim())) cpf = cpf.padStart(11, "0");
    const cpfError = cpfProblem(cpf);
    if (cpfError) {
      problems.push(cpfError);
      cpf = null;
    }
  }
  const regText = (v.registrationNumber ?? "").trim();
  let registrationNumber: number | null = null;
  if (regText) {
    if (!/^\d{1,10}$/.test(regText) || Number(regText) < 1 || Number(regText) > MAX_REGISTRATION_NUMBER)
      problems.push(MEMBER_IMPORT_MESSAGES.registration);
    else registrationNumber = Number(regText);
  }
  const dates: Record<"birthDate" | "joinedOn", string | null> = { birthDate: null, joinedOn: null };
  for (const [key, header] of [
    ["birthDate", "Data de nascimento"],
    ["joinedOn", "Data de cadastro"],
  ] as const) {
    const t = (v[key] ?? "").trim();
    if (!t) continue;
    const checked = checkImportDate(t);
    if ("iso" in checked) dates[key] = checked.iso;
    else if (checked.problem === "missing") problems.push(MEMBER_IMPORT_MESSAGES.dateMissing(header));
    else if (checked.problem === "year") problems.push(MEMBER_IMPORT_MESSAGES.dateYear(header));
    else problems.push(MEMBER_IMPORT_MESSAGES.date(header));
  }
  const sitText = (v.situation ?? "").trim();
  let situation: SituationCode | null = null;
  if (sitText) {
    const n = Number(sitText);
    if (!/^\d{1,2}$/.test(sitText) || !(SITUATION_CODES as number[]).includes(n)) problems.push(MEMBER_IMPORT_MESSAGES.situation);
    else situation = n as SituationCode;
  }
  const stateText = (v.state ?? "").trim().toUpperCase();
  if (stateText && !(STATES as readonly string[]).includes(stateText)) problems.push(MEMBER_IMPORT_MESSAGES.state);
  const gender = (v.gender ?? "").trim();
  if (gender.length > 20) problems.push(MEMBER_IMPORT_MESSAGES.tooLong("Sexo", 20));
  const status = (v.status ?? "").trim().toLowerCase();
  if (status.length > 40) problems.push(MEMBER_IMPORT_MESSAGES.tooLong("Status", 40));
  if (problems.length || !parsed.success || !cpf) return { problems, cpf, registrationNumber, value: null };
  return {
    problems,
    cpf,
    registrationNumber,
    value: {
      ...parsed.data,
      row: r.row,
      registrationNumber,
      cpf,
      ...dates,
      gender: gender || null,
      state: stateText || null,
      situation,
      status: status || null,
    },
  };
}

type Existing = { id: string; registrationNumber: number; cpf: string | null; anonymizedAt: Date | null };
type Reader = Pick<Tx, "select">;

/** The members a file's registration numbers and CPFs name, read in chunks. */
async function existingMembers(reader: Reader, numbers: number[], cpfs: string[]) {
  const byNumber = new Map<number, Existing>();
  const byCpf = new Map<string, Existing>();
  const columns = { id: members.id, registrationNumber: members.registrationNumber, cpf: members.cpf, anonymizedAt: members.anonymizedAt };
  const read = async (where: SQL) => {
    for (const m of await reader.select(columns).from(members).where(where)) {
      byNumber.set(m.registrationNumber, m);
      if (m.cpf) byCpf.set(m.cpf, m);
    }
  };
  for (let i = 0; i < numbers.length; i += 1000) await read(inArray(members.registrationNumber, numbers.slice(i, i + 1000)));
  for (let i = 0; i < cpfs.length; i += 1000) await read(inArray(members.cpf, cpfs.slice(i, i + 1000)));
  return { byNumber, byCpf };
}

/** Rows read, checked and written per batch: memory holds one batch, not the file (ADR 253). */
const BATCH = 500;

/** Rows between two full collections (ADR 253): the heap stays near what is alive. */
const GC_EVERY = 2500;

type Upload = { fileName: string; bytes: Buffer } | undefined;

/** One row, checked on its own, against the file's earlier rows and against the database. */
type Planned = Checked & { row: number; label: string; target: Existing | undefined };

/**
 * Checks one batch of rows: each row's own rules, the file's duplicates (against `seen`, the
 * only thing kept from earlier batches) and the database's matches.
 */
async function planBatch(rows: SpreadsheetRow[], reader: Reader, seen: { cpf: Map<string, number>; number: Map<number, number> }) {
  const checked: Planned[] = [];
  for (const r of rows) {
    const c = validateRow(r);
    if (c.cpf) {
      const first = seen.cpf.get(c.cpf);
      if (first) c.problems.push(MEMBER_IMPORT_MESSAGES.duplicateCpf(first));
      else seen.cpf.set(c.cpf, r.row);
    }
    if (c.registrationNumber !== null) {
      const first = seen.number.get(c.registrationNumber);
      if (first) c.problems.push(MEMBER_IMPORT_MESSAGES.duplicateRegistration(first));
      else seen.number.set(c.registrationNumber, r.row);
    }
    checked.push({
      ...c,
      row: r.row,
      label: [r.values.registrationNumber, r.values.name].filter(Boolean).join(" · ").slice(0, 80),
      target: undefined,
    });
  }
  const numbers = [...new Set(checked.flatMap((c) => (c.registrationNumber === null ? [] : [c.registrationNumber])))];
  const cpfs = [...new Set(checked.flatMap((c) => (c.cpf ? [c.cpf] : [])))];
  const { byNumber, byCpf } = await existingMembers(reader, numbers, cpfs);
  for (const c of checked) {
    const viaNumber = c.registrationNumber === null ? undefined : byNumber.get(c.registrationNumber);
    const viaCpf = c.cpf ? byCpf.get(c.cpf) : undefined;
    if (viaCpf && ((viaNumber && viaNumber.id !== viaCpf.id) || (!viaNumber && c.registrationNumber !== null))) {
      // The CPF is known under another registration number: never renumber or merge a member.
      c.problems.push(MEMBER_IMPORT_MESSAGES.cpfOfOther(viaCpf.registrationNumber));
    }
    c.target = viaNumber ?? viaCpf;
    if (c.target?.anonymizedAt) c.problems.push(MEMBER_IMPORT_MESSAGES.anonymized(c.target.registrationNumber));
  }
  return checked;
}

/**
 * What the file would do, with every problem of every row, read in batches (ADR 253): only the
 * file's CPFs and registration numbers (for its duplicates) and the report are kept. The import
 * is all or nothing: a report with any rejected row is never applied (its created/updated
 * counts say what the rest would do). `maxGiven`: the highest registration number the file gives.
 */
async function check(upload: Upload, reader: Reader, progress?: ImportProgress) {
  const report: ImportReport = { total: 0, created: 0, updated: 0, rejected: [], applied: false };
  const seen = { cpf: new Map<string, number>(), number: new Map<number, number>() };
  let maxGiven = 0;
  // A file past the cap is refused before its rows are checked (a sheet without a declared range
  // is counted first): the checks and their collections never run for rows that cannot be imported.
  await refuseOverRowCap(upload, { columns: MEMBER_IMPORT_COLUMNS, maxRows: MEMBER_IMPORT_MAX_ROWS });
  report.total = await streamSpreadsheet(
    upload,
    { columns: MEMBER_IMPORT_COLUMNS, maxRows: MEMBER_IMPORT_MAX_ROWS },
    async (rows) => {
      for (const c of await planBatch(rows, reader, seen)) {
        if (c.problems.length || !c.value) {
          report.rejected.push({ row: c.row, key: c.label, reason: c.problems.join(" ") });
          continue;
        }
        if (c.target) report.updated++;
        else {
          report.created++;
          if (c.value.registrationNumber !== null) maxGiven = Math.max(maxGiven, c.value.registrationNumber);
        }
      }
      report.total += rows.length;
      if (report.total % GC_EVERY === 0) collectGarbage();
      await progress?.("checking", report.total, null);
      await yieldTurn();
    },
    BATCH,
  );
  return { report, maxGiven };
}

/** The dry run: what the file would do. Nothing is written. */
export async function previewMemberImport(actor: Actor, upload: Upload) {
  authorize(actor, "members.import");
  return (await check(upload, db())).report;
}

/** The columns a row sets on an existing member: blank cells keep what is there. */
function updateSet(m: MemberImportRow) {
  const set: Partial<typeof members.$inferInsert> = { name: m.name, cpf: m.cpf };
  const keys = [
    "email",
    "mobilePhone",
    "homePhone",
    "birthDate",
    "gender",
    "address",
    "city",
    "state",
    "cep",
    "workplaceName",
    "notes",
    "joinedOn",
  ] as const;
  for (const k of keys) if (m[k] !== null) (set as Record<string, unknown>)[k] = m[k];
  if (m.situation !== null) {
    set.situation = m.situation;
    set.status = m.status ?? STATUS_FOR_SITUATION[m.situation];
  } else if (m.status !== null) set.status = m.status;
  return set;
}

/**
 * Applies every row in one transaction, or none (issue 18 §2): the file is checked again inside
 * the transaction, and a file with any rejected row writes nothing — the report comes back with
 * `applied: false` for the page to show. Any failure while writing rolls everything back. New
 * members keep a given registration number; the others get the next free ones (after the
 * highest in use or given by the file, in the file's order), under the registration lock
 * (ADR 121). Both passes read the file in batches of 500 rows (ADR 253): the check keeps only
 * the file's CPFs and numbers; the writing plans and writes one batch at a time.
 */
export async function commitMemberImport(actor: Actor, upload: Upload, progress?: ImportProgress) {
  authorize(actor, "members.import");
  return db().transaction((tx) => applyMemberImport(tx, actor, upload, progress));
}

/** The commit's work in the caller's transaction (the import job's, ADR 253). */
export async function applyMemberImport(tx: Tx, actor: Actor, upload: Upload, progress?: ImportProgress): Promise<ImportReport> {
  authorize(actor, "members.import");
  await lockRegistrationNumbers(tx);
  const { report, maxGiven } = await check(upload, tx, progress);
  if (report.rejected.length > 0) return report;
  const today = todayInBrasilia();
  const row = (m: MemberImportRow, registrationNumber: number): typeof members.$inferInsert => ({
    registrationNumber,
    name: m.name,
    cpf: m.cpf,
    email: m.email,
    mobilePhone: m.mobilePhone,
    homePhone: m.homePhone,
    birthDate: m.birthDate,
    gender: m.gender,
    address: m.address,
    city: m.city,
    state: m.state,
    cep: m.cep,
    workplaceName: m.workplaceName,
    situation: m.situation,
    status: m.status ?? (m.situation !== null ? STATUS_FOR_SITUATION[m.situation] : "ativo"),
    notes: m.notes,
    joinedOn: m.joinedOn ?? today,
    createdBy: actor.id,
  });
  // Numbers for rows without one start after every number in use and every number the file gives.
  let next = Math.max(await nextRegistrationNumber(tx), maxGiven + 1);
  // The check's workbook (its shared strings) goes before the second reading builds its own.
  collectGarbage();
  const seen = { cpf: new Map<string, number>(), number: new Map<number, number>() };
  let written = 0;
  await streamSpreadsheet(
    upload,
    { columns: MEMBER_IMPORT_COLUMNS, maxRows: MEMBER_IMPORT_MAX_ROWS },
    async (rows) => {
      const inserts: (typeof members.$inferInsert)[] = [];
      for (const c of await planBatch(rows, tx, seen)) {
        // The check found none; the database cannot have changed under the lock and transaction.
        if (c.problems.length || !c.value) throw new Error(`linha ${c.row} da importação mudou entre a conferência e a gravação`);
        if (c.target) {
          await tx
            .update(members)
            .set({ ...updateSet(c.value), updatedAt: sql`now()` })
            .where(eq(members.id, c.target.id));
        } else inserts.push(row(c.value, c.value.registrationNumber ?? next++));
      }
      if (inserts.length) await tx.insert(members).values(inserts);
      written += rows.length;
      if (written % GC_EVERY === 0) collectGarbage();
      await progress?.("writing", written, report.total);
      await yieldTurn();
    },
    BATCH,
  );
  await recordAudit(tx, actor, "member.imported", null, {
    total: report.total,
    created: report.created,
    updated: report.updated,
    rejected: report.rejected.length,
  });
  return { ...report, applied: true };
}
