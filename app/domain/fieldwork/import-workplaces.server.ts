import { eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { db, type Db, type Tx } from "~/db/client.server";
import { workplaces } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { authorize, type Actor } from "~/auth/authorize";
import { enqueueJob } from "~/jobs/jobs.server";
import { AppError } from "~/utils/app-error";
import {
  importMessages,
  readSpreadsheet,
  spreadsheetTemplate,
  yieldTurn,
  type ImportProgress,
  type ImportReport,
  type SpreadsheetColumn,
  type SpreadsheetRow,
} from "~/domain/imports/spreadsheet.server";
import { approximatePosition } from "./map-constants";
import { generateWorkplaceCode, WORKPLACE_CODE_ATTEMPTS } from "./workplace-code.server";
import { WORKPLACE_MESSAGES, workplaceFieldsSchema } from "./workplace.schema";
import { geocodeWorkplaceJob } from "./geocode-workplace-job.server";
import { duplicateIndex } from "./find-duplicates.server";
import { DUPLICATE_MESSAGES, foldedWords, trigrams } from "./workplace-duplicates";

/** The workplace spreadsheet import (issue 10, ADR 142): the original's `postos` columns. */
export const WORKPLACE_IMPORT_MAX_ROWS = 5000;
export const WORKPLACE_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export const WORKPLACE_IMPORT_MESSAGES = {
  ...importMessages({ one: "posto criado", many: "postos criados" }, WORKPLACE_IMPORT_MAX_BYTES),
  unconfirmed: DUPLICATE_MESSAGES.importUnconfirmed,
  badCode: "Código inválido: deve ser P seguido de 9 dígitos (ex.: P123456789).",
  duplicateCode: (row: number) => `Código repetido na planilha (já usado na linha ${row}).`,
  duplicateRow: (row: number) => `Posto repetido na planilha (igual à linha ${row}).`,
  coordinates: "Lat e Long devem ser informadas juntas, como números (ex.: -15,7975 e -47,8919).",
  integer: (header: string) => `${header} deve ser um número inteiro maior ou igual a zero.`,
  boolean: (header: string) => `${header} deve ser sim ou não.`,
} as const;

type OperationalKey =
  | "brigadePhone"
  | "basicFirefighters"
  | "lifeguards"
  | "hasBrigadeLeader"
  | "hasMasterFirefighter"
  | "totalWorkers"
  | "dayWorkers"
  | "nightWorkers"
  | "outsourced"
  | "directContractType";

const INTEGER_COLUMNS = [
  ["basicFirefighters", "qtd_bombeiros_civis_basicos"],
  ["lifeguards", "qtd_salva_vidas"],
  ["totalWorkers", "total_trabalhadores_local"],
  ["dayWorkers", "qtd_diurnos"],
  ["nightWorkers", "qtd_noturnos"],
] as const satisfies readonly (readonly [OperationalKey, string])[];
const BOOLEAN_COLUMNS = [
  ["hasBrigadeLeader", "possui_lider_brigada"],
  ["hasMasterFirefighter", "possui_mestre_bombeiro_efetivo"],
  ["outsourced", "trabalhadores_terceirizados"],
] as const satisfies readonly (readonly [OperationalKey, string])[];

/** The template's columns, in the original's order and spelling. */
export const WORKPLACE_IMPORT_COLUMNS: readonly SpreadsheetColumn[] = [
  { key: "code", header: "codigo" },
  { key: "name", header: "nome_fantasia", aliases: ["nome"], required: true },
  { key: "address", header: "endereco", required: true },
  { key: "neighbourhood", header: "bairro" },
  { key: "city", header: "cidade" },
  { key: "state", header: "estado", aliases: ["uf"] },
  { key: "cep", header: "cep", required: true },
  { key: "phone", header: "telefone_comercial", aliases: ["telefone"] },
  { key: "email", header: "email", aliases: ["e-mail"] },
  { key: "lat", header: "Lat", aliases: ["latitude"] },
  { key: "lon", header: "Long", aliases: ["longitude", "lng", "lon"] },
  { key: "membersCount", header: "Qtd associados", aliases: ["qtd_associados"] },
  { key: "brigadePhone", header: "telefone_sala_brigada" },
  ...INTEGER_COLUMNS.slice(0, 2).map(([key, header]) => ({ key, header })),
  { key: "hasBrigadeLeader", header: "possui_lider_brigada" },
  { key: "hasMasterFirefighter", header: "possui_mestre_bombeiro_efetivo" },
  ...INTEGER_COLUMNS.slice(2).map(([key, header]) => ({ key, header })),
  { key: "outsourced", header: "trabalhadores_terceirizados" },
  { key: "directContractType", header: "tipo_contratacao_direta" },
];

const EXAMPLE = {
  code: "",
  name: "Shopping Conjunto Nacional",
  address: "Setor Comercial Norte Quadra 6",
  neighbourhood: "Asa Norte",
  city: "Brasília",
  state: "DF",
  cep: "70716-900",
  phone: "(61) 3333-4444",
  email: "brigada@exemplo.com.br",
  lat: "",
  lon: "",
  membersCount: 12,
  brigadePhone: "(61) 3333-5555",
  basicFirefighters: 8,
  lifeguards: 0,
  hasBrigadeLeader: "sim",
  hasMasterFirefighter: "não",
  totalWorkers: 20,
  dayWorkers: 12,
  nightWorkers: 8,
  outsourced: "sim",
  directContractType: "Shopping",
};

/** The template (.xlsx): the columns and one example row. */
export async function workplaceImportTemplate(actor: Actor) {
  authorize(actor, "workplaces.import");
  return spreadsheetTemplate("postos", WORKPLACE_IMPORT_COLUMNS, [EXAMPLE]);
}

type Position = { lat: number; lon: number };
type Operational = Partial<Pick<typeof workplaces.$inferInsert, OperationalKey>>;
export type WorkplaceImportRow = z.output<typeof workplaceFieldsSchema> & {
  row: number;
  code: string | null;
  position: Position | null;
  membersCount: number | null;
  operational: Operational;
};

const CODE = /^P\d{9}$/;
const YES = new Set(["sim", "s", "true", "1", "x", "yes"]);
const NO = new Set(["nao", "não", "n", "false", "0", "no"]);

function number(text: string) {
  const t = text.trim().replace(",", ".");
  return /^-?\d{1,3}(\.\d+)?$/.test(t) ? Number(t) : NaN;
}

/**
 * Every problem of one row, not only the first (issue 18 §2): the form's fields and each of the
 * import's own columns are checked; the row comes back only when there is none.
 */
function validateRow(r: SpreadsheetRow): { problems: string[]; code: string | null; value: WorkplaceImportRow | null } {
  const v = r.values;
  const problems: string[] = [];
  const parsed = workplaceFieldsSchema.safeParse({
    name: v.name,
    cep: v.cep,
    address: v.address,
    neighbourhood: v.neighbourhood ?? "",
    city: v.city || "Brasília",
    state: v.state || "DF",
    phone: v.phone ?? "",
    email: v.email ?? "",
  });
  if (!parsed.success) problems.push(...parsed.error.issues.map((i) => i.message));
  let code = (v.code ?? "").trim().toUpperCase() || null;
  if (code && !CODE.test(code)) {
    problems.push(WORKPLACE_IMPORT_MESSAGES.badCode);
    code = null;
  }
  const latText = (v.lat ?? "").trim();
  const lonText = (v.lon ?? "").trim();
  let position: Position | null = null;
  if (latText || lonText) {
    const lat = number(latText);
    const lon = number(lonText);
    if (!(lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180)) problems.push(WORKPLACE_IMPORT_MESSAGES.coordinates);
    else position = { lat, lon };
  }
  const integer = (text: string | undefined, header: string): number | null => {
    const t = (text ?? "").trim();
    if (!t) return null;
    if (/^\d{1,6}$/.test(t)) return Number(t);
    problems.push(WORKPLACE_IMPORT_MESSAGES.integer(header));
    return null;
  };
  const membersCount = integer(v.membersCount, "Qtd associados");
  const operational: Operational = {};
  for (const [key, header] of INTEGER_COLUMNS) {
    const n = integer(v[key], header);
    if (n !== null) operational[key] = n;
  }
  for (const [key, header] of BOOLEAN_COLUMNS) {
    const t = (v[key] ?? "").trim().toLowerCase();
    if (!t) continue;
    if (YES.has(t)) operational[key] = true;
    else if (NO.has(t)) operational[key] = false;
    else problems.push(WORKPLACE_IMPORT_MESSAGES.boolean(header));
  }
  for (const key of ["brigadePhone", "directContractType"] as const) {
    const t = (v[key] ?? "").trim();
    if (t.length > 120)
      problems.push(`${key === "brigadePhone" ? "telefone_sala_brigada" : "tipo_contratacao_direta"} deve ter no máximo 120 caracteres.`);
    else if (t) operational[key] = t;
  }
  if (problems.length || !parsed.success) return { problems, code, value: null };
  return { problems, code, value: { ...parsed.data, row: r.row, code, position, membersCount, operational } };
}

type Plan = { report: ImportReport; creates: WorkplaceImportRow[]; updates: (WorkplaceImportRow & { code: string })[] };
type Reader = Pick<ReturnType<typeof db>, "select">;

/**
 * Likely duplicates among the rows that create a workplace (ADR 217): against the workplaces
 * already there and against earlier new rows of the same file. Updates by code are not checked.
 */
async function duplicateWarnings(creates: WorkplaceImportRow[], reader: Db | Tx) {
  const matchExisting = await duplicateIndex(reader);
  const warnings: NonNullable<ImportReport["warnings"]> = [];
  // Within the file: the same CEP, or the same folded words in the same CEP sector (a linear
  // check; the trigram measure is kept for the workplaces already on the map).
  const byCep = new Map<string, number>();
  const byWords = new Map<string, number>();
  for (let i = 0; i < creates.length; i++) {
    if (i > 0 && i % 200 === 0) await yieldTurn();
    const w = creates[i];
    const words = foldedWords(w.name);
    const found = matchExisting({ name: w.name, cep: w.cep, position: w.position, words, grams: trigrams(words) });
    const reasons: string[] = [];
    if (found.length) reasons.push(DUPLICATE_MESSAGES.importRow(found));
    const wordsKey = `${w.cep.slice(0, 5)}|${words.join(" ")}`;
    const sameCep = byCep.get(w.cep);
    const sameWords = words.length ? byWords.get(wordsKey) : undefined;
    if (sameCep !== undefined) reasons.push(DUPLICATE_MESSAGES.importRowInFile(sameCep, "cep"));
    else if (sameWords !== undefined) reasons.push(DUPLICATE_MESSAGES.importRowInFile(sameWords, "name-sector"));
    if (reasons.length) warnings.push({ row: w.row, key: w.name.slice(0, 80), reason: reasons.join(" ") });
    if (!byCep.has(w.cep)) byCep.set(w.cep, w.row);
    if (words.length && !byWords.has(wordsKey)) byWords.set(wordsKey, w.row);
  }
  return warnings;
}

/**
 * What the file would do, with every problem of every row. All or nothing: a report with any
 * rejected row is never applied (`creates`/`updates` then count what the rest would do).
 */
async function plan(
  upload: { fileName: string; bytes: Buffer } | undefined,
  known: (codes: string[]) => Promise<Set<string>>,
  reader: Db | Tx,
): Promise<Plan> {
  const rows = await readSpreadsheet(upload, { columns: WORKPLACE_IMPORT_COLUMNS, maxRows: WORKPLACE_IMPORT_MAX_ROWS });
  const report: ImportReport = { total: rows.length, created: 0, updated: 0, rejected: [], applied: false };
  const valid: WorkplaceImportRow[] = [];
  const seenCodes = new Map<string, number>();
  const seenPlaces = new Map<string, number>();
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % 200 === 0) await yieldTurn();
    const r = rows[i];
    // Dropped once checked: only its checked form stays.
    (rows as (SpreadsheetRow | undefined)[])[i] = undefined;
    const checked = validateRow(r);
    const label = (r.values.code || r.values.name || "").slice(0, 80);
    if (checked.code) {
      const first = seenCodes.get(checked.code);
      if (first) checked.problems.push(WORKPLACE_IMPORT_MESSAGES.duplicateCode(first));
      else seenCodes.set(checked.code, r.row);
    } else if (!(r.values.code ?? "").trim()) {
      const place = [r.values.name, r.values.address, (r.values.cep ?? "").replace(/\D/g, "")]
        .map((s) => (s ?? "").trim().toLowerCase())
        .join("|");
      const first = seenPlaces.get(place);
      if (first) checked.problems.push(WORKPLACE_IMPORT_MESSAGES.duplicateRow(first));
      else seenPlaces.set(place, r.row);
    }
    if (checked.problems.length || !checked.value) {
      report.rejected.push({ row: r.row, key: label, reason: checked.problems.join(" ") });
      continue;
    }
    valid.push(checked.value);
  }
  const existing = await known([...seenCodes.keys()]);
  const creates: WorkplaceImportRow[] = [];
  const updates: (WorkplaceImportRow & { code: string })[] = [];
  for (const w of valid) {
    if (w.code && existing.has(w.code)) updates.push(w as WorkplaceImportRow & { code: string });
    else creates.push(w);
  }
  report.created = creates.length;
  report.updated = updates.length;
  const warnings = await duplicateWarnings(creates, reader);
  if (warnings.length) report.warnings = warnings;
  return { report, creates, updates };
}

const knownCodes = (reader: Reader) => async (codes: string[]) => {
  const found = new Set<string>();
  for (let i = 0; i < codes.length; i += 1000) {
    const chunk = codes.slice(i, i + 1000);
    const rows = await reader.select({ code: workplaces.code }).from(workplaces).where(inArray(workplaces.code, chunk));
    for (const r of rows) found.add(r.code);
  }
  return found;
};

/** The dry run: what the file would do. Nothing is written. */
export async function previewWorkplaceImport(actor: Actor, upload: { fileName: string; bytes: Buffer } | undefined) {
  authorize(actor, "workplaces.import");
  return (await plan(upload, knownCodes(db()), db())).report;
}

export type CommitOptions = {
  generateCode?: () => string;
  /** Staff ticked "Confirmo que estes postos não são duplicados" after the dry run (ADR 217). */
  confirmDuplicates?: boolean;
};

/** A row's name, address and contacts as the columns of `workplaces` (a blank neighbourhood is null). */
function addressColumns(w: WorkplaceImportRow) {
  return {
    name: w.name,
    address: w.address,
    neighbourhood: w.neighbourhood || null,
    city: w.city,
    state: w.state,
    cep: w.cep,
    phone: w.phone,
    email: w.email,
  };
}

/**
 * Applies every row in one transaction, or none (issue 18 §2): the plan is made again inside the
 * transaction, and a file with any rejected row writes nothing — the report comes back with
 * `applied: false`. Any failure while writing rolls everything back. Rows without coordinates
 * get a geocoding job, enqueued in the same transaction.
 */
export async function commitWorkplaceImport(
  actor: Actor,
  upload: { fileName: string; bytes: Buffer } | undefined,
  options: CommitOptions = {},
) {
  authorize(actor, "workplaces.import");
  return db().transaction((tx) => applyWorkplaceImport(tx, actor, upload, options));
}

/** The commit's work in the caller's transaction (the import job's, ADR 253). */
export async function applyWorkplaceImport(
  tx: Tx,
  actor: Actor,
  upload: { fileName: string; bytes: Buffer } | undefined,
  options: CommitOptions = {},
  progress?: ImportProgress,
): Promise<ImportReport> {
  authorize(actor, "workplaces.import");
  // The code's time part has 1,000 codes a second: a bulk import spreads its new codes over one
  // (past) second per row, so 5,000 rows do not exhaust the random part.
  const start = Date.now();
  let made = 0;
  const generate = options.generateCode ?? (() => generateWorkplaceCode(start - made++ * 1000));
  const { report, creates, updates } = await plan(upload, knownCodes(tx), tx);
  await progress?.("checking", report.total, report.total);
  if (report.rejected.length > 0) return report;
  // Likely duplicates are imported only once confirmed; otherwise nothing is written.
  if (report.warnings?.length && !options.confirmDuplicates) return report;
  let written = 0;
  const wrote = async () => {
    if (++written % 100 === 0) await progress?.("writing", written, report.total);
  };
  for (const w of updates) {
    await wrote();
    const [current] = await tx.select().from(workplaces).where(eq(workplaces.code, w.code)).for("update");
    if (!current) throw new AppError(409, WORKPLACE_IMPORT_MESSAGES.error);
    const addressChanged = (["address", "neighbourhood", "city", "state", "cep"] as const).some((k) => (current[k] ?? "") !== (w[k] ?? ""));
    const regeocode = !w.position && addressChanged && current.positionSource !== "manual";
    const position = w.position
      ? { lat: w.position.lat, lon: w.position.lon, positionSource: "manual" as const, geocodeNotFoundAt: null }
      : regeocode
        ? { ...approximatePosition(w), positionSource: "approximate" as const, geocodeNotFoundAt: null }
        : {};
    await tx
      .update(workplaces)
      .set({
        ...addressColumns(w),
        ...(w.membersCount !== null ? { membersCount: w.membersCount } : {}),
        ...w.operational,
        ...position,
        updatedAt: sql`now()`,
      })
      .where(eq(workplaces.id, current.id));
    if (regeocode) await enqueueJob(geocodeWorkplaceJob, { workplaceId: current.id }, { tx, singletonKey: current.id });
  }
  for (const w of creates) {
    await wrote();
    const position = w.position
      ? { ...w.position, source: "manual" as const }
      : { ...approximatePosition(w), source: "approximate" as const };
    let created: { id: string } | undefined;
    for (let attempt = 1; attempt <= (w.code ? 1 : WORKPLACE_CODE_ATTEMPTS) && !created; attempt++) {
      [created] = await tx
        .insert(workplaces)
        .values({
          code: w.code ?? generate(),
          ...addressColumns(w),
          lat: position.lat,
          lon: position.lon,
          positionSource: position.source,
          membersCount: w.membersCount ?? 0,
          ...w.operational,
          createdBy: actor.id,
        })
        .onConflictDoNothing({ target: workplaces.code })
        .returning({ id: workplaces.id });
    }
    if (!created) throw new AppError(409, WORKPLACE_MESSAGES.codeExhausted);
    if (position.source === "approximate")
      await enqueueJob(geocodeWorkplaceJob, { workplaceId: created.id }, { tx, singletonKey: created.id });
  }
  await recordAudit(tx, actor, "workplace.imported", null, {
    total: report.total,
    created: report.created,
    updated: report.updated,
    rejected: report.rejected.length,
    ...(report.warnings?.length ? { possibleDuplicatesConfirmed: report.warnings.length } : {}),
  });
  return { ...report, applied: true };
}
