import { eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { workplaces } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { authorize, type Actor } from "~/auth/authorize";
import { enqueue } from "~/jobs/app-jobs.server";
import { AppError } from "~/utils/app-error";
import { readSpreadsheet, spreadsheetTemplate, type ImportReport, type SpreadsheetColumn, type SpreadsheetRow } from "~/domain/imports/spreadsheet.server";
import { approximatePosition } from "./map-constants";
import { generateWorkplaceCode, WORKPLACE_CODE_ATTEMPTS } from "./workplace-code.server";
import { WORKPLACE_MESSAGES, workplaceFieldsSchema } from "./workplace.schema";
import { GEOCODE_WORKPLACE_JOB } from "./geocode-workplace-job.server";

/** The workplace spreadsheet import (issue 10, ADR 142): the original's `postos` columns. */
export const WORKPLACE_IMPORT_MAX_ROWS = 5000;
export const WORKPLACE_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export const WORKPLACE_IMPORT_MESSAGES = {
  previewed: "Planilha validada. Confira o relatório antes de importar.",
  committed: (r: ImportReport) => `Importação concluída: ${r.created} ${r.created === 1 ? "posto criado" : "postos criados"}, ${r.updated} ${r.updated === 1 ? "atualizado" : "atualizados"}.`,
  nothingValid: "Nenhuma linha válida para importar. Corrija a planilha e envie novamente.",
  error: "Erro ao importar a planilha. Nada foi gravado. Tente novamente.",
  tooLarge: "Planilha muito grande. Máximo 10MB.",
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

/** Validates one row with the form's rules plus the import's own columns; a reason or the row. */
function validateRow(r: SpreadsheetRow): { ok: true; value: WorkplaceImportRow } | { ok: false; reason: string } {
  const v = r.values;
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
  if (!parsed.success) return { ok: false, reason: parsed.error.issues.map((i) => i.message).join(" ") };
  const code = (v.code ?? "").trim().toUpperCase() || null;
  if (code && !CODE.test(code)) return { ok: false, reason: WORKPLACE_IMPORT_MESSAGES.badCode };
  const latText = (v.lat ?? "").trim();
  const lonText = (v.lon ?? "").trim();
  let position: Position | null = null;
  if (latText || lonText) {
    const lat = number(latText);
    const lon = number(lonText);
    if (!(lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180)) return { ok: false, reason: WORKPLACE_IMPORT_MESSAGES.coordinates };
    position = { lat, lon };
  }
  const integer = (text: string | undefined, header: string): number | null | string => {
    const t = (text ?? "").trim();
    if (!t) return null;
    return /^\d{1,6}$/.test(t) ? Number(t) : WORKPLACE_IMPORT_MESSAGES.integer(header);
  };
  const membersCount = integer(v.membersCount, "Qtd associados");
  if (typeof membersCount === "string") return { ok: false, reason: membersCount };
  const operational: Operational = {};
  for (const [key, header] of INTEGER_COLUMNS) {
    const n = integer(v[key], header);
    if (typeof n === "string") return { ok: false, reason: n };
    if (n !== null) operational[key] = n;
  }
  for (const [key, header] of BOOLEAN_COLUMNS) {
    const t = (v[key] ?? "").trim().toLowerCase();
    if (!t) continue;
    if (YES.has(t)) operational[key] = true;
    else if (NO.has(t)) operational[key] = false;
    else return { ok: false, reason: WORKPLACE_IMPORT_MESSAGES.boolean(header) };
  }
  for (const key of ["brigadePhone", "directContractType"] as const) {
    const t = (v[key] ?? "").trim();
    if (t.length > 120) return { ok: false, reason: `${key === "brigadePhone" ? "telefone_sala_brigada" : "tipo_contratacao_direta"} deve ter no máximo 120 caracteres.` };
    if (t) operational[key] = t;
  }
  return { ok: true, value: { ...parsed.data, row: r.row, code, position, membersCount, operational } };
}

type Plan = { report: ImportReport; creates: WorkplaceImportRow[]; updates: (WorkplaceImportRow & { code: string })[] };

async function plan(upload: { fileName: string; bytes: Buffer } | undefined, known: (codes: string[]) => Promise<Set<string>>): Promise<Plan> {
  const rows = await readSpreadsheet(upload, { columns: WORKPLACE_IMPORT_COLUMNS, maxRows: WORKPLACE_IMPORT_MAX_ROWS });
  const report: ImportReport = { total: rows.length, created: 0, updated: 0, rejected: [], applied: false };
  const valid: WorkplaceImportRow[] = [];
  const seenCodes = new Map<string, number>();
  const seenPlaces = new Map<string, number>();
  for (const r of rows) {
    const checked = validateRow(r);
    const label = (r.values.code || r.values.name || "").slice(0, 80);
    if (!checked.ok) {
      report.rejected.push({ row: r.row, key: label, reason: checked.reason });
      continue;
    }
    const w = checked.value;
    if (w.code) {
      const first = seenCodes.get(w.code);
      if (first) {
        report.rejected.push({ row: r.row, key: label, reason: WORKPLACE_IMPORT_MESSAGES.duplicateCode(first) });
        continue;
      }
      seenCodes.set(w.code, r.row);
    } else {
      const place = [w.name, w.address, w.cep].map((s) => s.toLowerCase()).join("|");
      const first = seenPlaces.get(place);
      if (first) {
        report.rejected.push({ row: r.row, key: label, reason: WORKPLACE_IMPORT_MESSAGES.duplicateRow(first) });
        continue;
      }
      seenPlaces.set(place, r.row);
    }
    valid.push(w);
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
  return { report, creates, updates };
}

type Reader = Pick<ReturnType<typeof db>, "select">;
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
  return (await plan(upload, knownCodes(db()))).report;
}

export type CommitOptions = { generateCode?: () => string };

/**
 * Applies every valid row in one transaction, or none (any failure rolls all back). Rejected
 * rows are skipped and reported as in the dry run. Rows without coordinates get a geocoding
 * job, enqueued in the same transaction.
 */
export async function commitWorkplaceImport(actor: Actor, upload: { fileName: string; bytes: Buffer } | undefined, options: CommitOptions = {}) {
  authorize(actor, "workplaces.import");
  // The code's time part has 1,000 codes a second: a bulk import spreads its new codes over one
  // (past) second per row, so 5,000 rows do not exhaust the random part.
  const start = Date.now();
  let made = 0;
  const generate = options.generateCode ?? (() => generateWorkplaceCode(start - made++ * 1000));
  return db().transaction(async (tx) => {
    const { report, creates, updates } = await plan(upload, knownCodes(tx));
    if (creates.length + updates.length === 0) throw new AppError(422, WORKPLACE_IMPORT_MESSAGES.nothingValid);
    for (const w of updates) {
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
          name: w.name,
          address: w.address,
          neighbourhood: w.neighbourhood || null,
          city: w.city,
          state: w.state,
          cep: w.cep,
          phone: w.phone,
          email: w.email,
          ...(w.membersCount !== null ? { membersCount: w.membersCount } : {}),
          ...w.operational,
          ...position,
          updatedAt: sql`now()`,
        })
        .where(eq(workplaces.id, current.id));
      if (regeocode) await enqueue(GEOCODE_WORKPLACE_JOB, { workplaceId: current.id }, { tx, singletonKey: current.id });
    }
    for (const w of creates) {
      const position = w.position ? { ...w.position, source: "manual" as const } : { ...approximatePosition(w), source: "approximate" as const };
      let created: { id: string } | undefined;
      for (let attempt = 1; attempt <= (w.code ? 1 : WORKPLACE_CODE_ATTEMPTS) && !created; attempt++) {
        [created] = await tx
          .insert(workplaces)
          .values({
            code: w.code ?? generate(),
            name: w.name,
            address: w.address,
            neighbourhood: w.neighbourhood || null,
            city: w.city,
            state: w.state,
            cep: w.cep,
            phone: w.phone,
            email: w.email,
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
      if (position.source === "approximate") await enqueue(GEOCODE_WORKPLACE_JOB, { workplaceId: created.id }, { tx, singletonKey: created.id });
    }
    await recordAudit(
      {
        actor,
        action: "workplace.imported",
        entityType: "workplace",
        entityId: null,
        data: { total: report.total, created: report.created, updated: report.updated, rejected: report.rejected.length },
      },
      tx,
    );
    return { ...report, applied: true };
  });
}
