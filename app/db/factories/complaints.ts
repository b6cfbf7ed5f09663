import { sharpOf } from "~/lib/sharp.server";
import { complaintMessages, complaints } from "~/db/schema";
import type { ComplaintStatus } from "~/domain/complaints/complaint.schema";
import { EVIDENCE_FILE_NAME, storeEvidence } from "~/domain/complaints/create-complaint.server";
import { cycle, daysAgo, nextSequence, numbered, type FactoryDb, type FileOption } from "./support";

export type ComplaintRow = typeof complaints.$inferSelect;
export type ComplaintMessageRow = typeof complaintMessages.$inferSelect;
export type ComplaintMessageOverrides = Partial<Omit<typeof complaintMessages.$inferInsert, "author" | "visibility">> & {
  author?: "reporter" | "staff";
  visibility?: "public" | "internal";
};
export type ComplaintOverrides = Partial<Omit<typeof complaints.$inferInsert, "status">> & {
  status?: ComplaintStatus;
  /** The evidence file: none by default (see FileOption). */
  evidence?: FileOption;
  /** Messages of the follow-up thread, oldest first (complaintId is filled in). */
  thread?: Omit<ComplaintMessageOverrides, "complaintId">[];
};

/** A small illustrative picture (an extinguisher beside a checklist), as a JPEG. */
export async function renderEvidencePicture() {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="420"><rect width="640" height="420" fill="#e4eaf5"/><rect x="60" y="80" width="200" height="280" rx="16" fill="#a71b1b"/><rect x="110" y="40" width="100" height="50" rx="10" fill="#374670"/><rect x="330" y="120" width="240" height="200" rx="12" fill="#ffffff" stroke="#131a2e" stroke-width="6"/><line x1="360" y1="170" x2="540" y2="170" stroke="#131a2e" stroke-width="8"/><line x1="360" y1="220" x2="500" y2="220" stroke="#131a2e" stroke-width="8"/><line x1="360" y1="270" x2="520" y2="270" stroke="#131a2e" stroke-width="8"/></svg>`,
  );
  return (await sharpOf(svg)).jpeg({ quality: 85 }).toBuffer();
}

const TITLES = [
  "Falta de EPI no plantão",
  "Extintores vencidos no posto",
  "Escala sem intervalo para refeição",
  "Brigada reduzida em evento",
  "Rádios de comunicação sem bateria",
  "Hidrantes obstruídos no estacionamento",
  "Horas extras sem pagamento",
  "Sala da brigada sem ventilação",
] as const;
const WORKPLACES = ["Shopping Exemplo Sul", "Hospital Fictício Central", "Centro de Eventos Exemplo"] as const;

/**
 * A pending anonymous complaint filed yesterday, without receipt code (pass `receiptHash`,
 * computed with `hashReceiptCode`, for one the reporter can follow up).
 */
export function buildComplaint(overrides: Omit<ComplaintOverrides, "evidence" | "thread"> = {}) {
  const n = nextSequence("complaint");
  const filed = overrides.createdAt ?? daysAgo(1);
  return {
    title: numbered(TITLES, n),
    companyName: cycle(WORKPLACES, n),
    location: "Brasília - DF",
    description: "Relato de teste: a situação se repete há semanas e a supervisão não tomou providências.",
    status: "pending" as ComplaintStatus,
    updatedAt: filed,
    ...overrides,
    createdAt: filed,
  };
}

/** A message of a complaint's thread: a public staff reply by default. */
export function buildComplaintMessage(overrides: ComplaintMessageOverrides & { complaintId: string }) {
  return {
    author: "staff" as const,
    visibility: "public" as const,
    body: "Recebemos sua denúncia e vamos verificar o local.",
    ...overrides,
  };
}

export async function createComplaintMessage(
  db: FactoryDb,
  overrides: ComplaintMessageOverrides & { complaintId: string },
): Promise<ComplaintMessageRow> {
  const [row] = await db.insert(complaintMessages).values(buildComplaintMessage(overrides)).returning();
  return row;
}

export async function createComplaint(db: FactoryDb, overrides: ComplaintOverrides = {}): Promise<ComplaintRow> {
  const { evidence = false, thread = [], ...rest } = overrides;
  const values = buildComplaint(rest);
  if (evidence) {
    const upload = evidence === true ? { fileName: EVIDENCE_FILE_NAME, bytes: await renderEvidencePicture() } : evidence;
    const file = await storeEvidence({ fieldName: "evidence", ...upload }, db);
    values.evidenceFileId = file.id;
  }
  const [row] = await db.insert(complaints).values(values).returning();
  for (const message of thread) await createComplaintMessage(db, { ...message, complaintId: row.id });
  return row;
}
