import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { files, serviceRecordEntries, serviceRecords, serviceReplyFiles } from "~/db/schema";
import { dueAtFor } from "~/domain/service-records/business-days";
import { protocolAt } from "~/domain/service-records/protocol.server";
import { PRIORITY_BUSINESS_DAYS, SERVICE_TYPES, type Priority, type ServiceStatus } from "~/domain/service-records/service-options";
import type { ServiceSector } from "~/auth/scopes";
import { memberName } from "./members";
import { cycle, nextSequence, type FactoryDb } from "./support";

export type ServiceRecordOverrides = Partial<typeof serviceRecords.$inferInsert> & {
  sector?: ServiceSector;
  status?: ServiceStatus;
  priority?: Priority;
};

/**
 * The row of a service record, without writing it (the factory below, and the scale bench's
 * multi-row inserts). The protocol is the creation second in Brasília time, as the app assigns
 * it; `protocolStep` seconds earlier when that one is taken.
 */
export function serviceRecordValues(n: number, overrides: ServiceRecordOverrides = {}, protocolStep = 0) {
  const sector = overrides.sector ?? cycle(["secretaria", "juridico", "homologacao", "financeiro", "presidencia"] as const, n);
  const priority = overrides.priority ?? "media";
  const createdAt = overrides.createdAt ? new Date(overrides.createdAt) : new Date();
  return {
    protocol: protocolAt(new Date(createdAt.getTime() - protocolStep * 1000)),
    recordType: "atendimento_geral",
    status: "pending",
    requesterName: memberName(n),
    serviceType: SERVICE_TYPES[sector][0],
    description: `Atendimento de teste número ${n}, com descrição suficiente.`,
    sectorData: {},
    dueAt: dueAtFor(createdAt, PRIORITY_BUSINESS_DAYS[priority]),
    ...overrides,
    sector,
    priority,
    createdAt,
  } satisfies typeof serviceRecords.$inferInsert;
}

/**
 * A service record with its first history entry ('Atendimento registrado.', at the record's status
 * unless `initialStatus` says otherwise, for callers that append the rest of the history). The
 * protocol is the creation second (ADR 130's format), stepping back a second while it is taken
 * (the app steps forward from now, so a factory row never takes the app's next protocol); the
 * due date follows the priority from `createdAt`.
 */
export async function createServiceRecordRow(
  db: FactoryDb,
  overrides: ServiceRecordOverrides = {},
  o: { initialStatus?: ServiceStatus } = {},
) {
  const n = nextSequence("service-record");
  let row: typeof serviceRecords.$inferSelect | undefined;
  for (let step = overrides.protocol ? 0 : 1; !row; step++) {
    const values = serviceRecordValues(n, overrides, step);
    [row] = await db.insert(serviceRecords).values(values).onConflictDoNothing({ target: serviceRecords.protocol }).returning();
    if (!row && (overrides.protocol || step > 100_000)) throw new Error(`protocolo em uso: ${values.protocol}`);
  }
  const createdAt = row.createdAt;
  await db.insert(serviceRecordEntries).values({
    recordId: row.id,
    kind: "created",
    authorName: "Sistema",
    responsibleName: "Responsável não definido",
    newStatus: o.initialStatus ?? row.status,
    text: "Atendimento registrado.",
    isPublic: true,
    createdAt,
  });
  return row;
}

/**
 * A requester's e-mail reply on a record, with one PDF (issue 22 §5, ADR 264): the entry as the
 * receiver writes it, for tests of the history and the guarded download.
 */
export async function createServiceReplyWithFile(db: FactoryDb, recordId: string, text = "Segue o documento pedido.") {
  const [record] = await db.select().from(serviceRecords).where(eq(serviceRecords.id, recordId));
  const [entry] = await db
    .insert(serviceRecordEntries)
    .values({
      recordId,
      kind: "reply",
      authorName: "Solicitante (resposta por e-mail)",
      responsibleName: "Responsável não definido",
      oldStatus: record.status,
      newStatus: record.status,
      text,
    })
    .returning({ id: serviceRecordEntries.id });
  const bytes = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
  const [file] = await db
    .insert(files)
    .values({
      purpose: "service-reply",
      fileName: "documento.pdf",
      contentType: "application/pdf",
      size: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      data: bytes,
    })
    .returning({ id: files.id });
  await db.insert(serviceReplyFiles).values({ entryId: entry.id, fileId: file.id, position: 0 });
  return { entryId: entry.id, fileId: file.id };
}
