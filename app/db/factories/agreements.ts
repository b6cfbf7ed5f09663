import { agreements } from "~/db/schema";
import { statusFromValidTo } from "~/domain/agreements/agreement-messages";
import { samplePdf } from "~/domain/agreements/sample-pdf";
import { storeAgreementPdf } from "~/domain/agreements/store-agreement-pdf.server";
import { todayInBrasilia } from "~/lib/dates";
import { cycle, nextSequence, type FactoryDb, type FileOption } from "./support";

export type AgreementRow = typeof agreements.$inferSelect;
export type AgreementOverrides = Partial<typeof agreements.$inferInsert> & {
  /** The PDF: generated from the title by default (see FileOption). */
  document?: FileOption;
};

const KINDS = ["Convenção Coletiva de Trabalho", "Acordo Coletivo", "Termo Aditivo"] as const;
const COMPANIES = ["Brigadas Exemplo Serviços Ltda.", "Sindicato Patronal de Segurança (exemplo)", "Hospital Exemplo S.A."] as const;

/**
 * An agreement in force for the current year (Brasília calendar), public, with its status
 * computed from the end date as the app does. Pass `status: "draft"` for a draft.
 */
export function buildAgreement(overrides: Omit<AgreementOverrides, "document"> = {}) {
  const n = nextSequence("agreement");
  const today = todayInBrasilia();
  const year = Number(today.slice(0, 4));
  const validTo = overrides.validTo ?? `${year}-12-31`;
  return {
    title: `${cycle(KINDS, n)} ${year}/${year + 1} nº ${n}`,
    description: "Reajuste salarial, piso da categoria, adicional de periculosidade e jornada 12x36 para bombeiros civis.",
    company: cycle(COMPANIES, n),
    validFrom: `${year}-01-01`,
    isPublic: true,
    ...overrides,
    validTo,
    status: overrides.status ?? statusFromValidTo(validTo, today),
  };
}

/** dd/mm/aaaa of a calendar date "aaaa-mm-dd". */
const br = (date: string) => date.split("-").reverse().join("/");

/** The PDF the factory stores by default: a one-page document naming the agreement. */
export function agreementPdf(values: { title: string; company: string; validFrom: string; validTo: string }) {
  return samplePdf(values.title, [
    values.company,
    `Vigência: ${br(values.validFrom)} a ${br(values.validTo)}`,
    "",
    "Documento de demonstração, sem valor jurídico.",
  ]);
}

export async function createAgreement(db: FactoryDb, overrides: AgreementOverrides = {}): Promise<AgreementRow> {
  const { document = true, ...rest } = overrides;
  const values = buildAgreement(rest);
  if (document) {
    const upload =
      document === true
        ? // "Convenção Coletiva 2026/2027" → "convenção-coletiva-2026-2027.pdf": every run of other
          // characters (the '/' of the period included) becomes one hyphen.
          {
            fileName: `${values.title
              .toLowerCase()
              .replace(/[^\p{L}\p{N}]+/gu, "-")
              .replace(/^-|-$/g, "")}.pdf`,
            bytes: agreementPdf(values),
          }
        : document;
    const file = await storeAgreementPdf({ fieldName: "document", ...upload }, values.createdBy ?? null, db);
    Object.assign(values, { fileId: file.id, fileName: file.fileName, fileSize: file.size });
  }
  const [row] = await db.insert(agreements).values(values).returning();
  return row;
}
