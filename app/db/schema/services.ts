import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { instant, createdAt, ownerId, timestamps } from "./columns";
import { users } from "./auth";
import { members } from "./members";
import { files } from "./system";

/**
 * Companies (the original's `empresa`): looked up by CNPJ in the service form; a company typed
 * by hand is remembered here (ADR 132).
 *   codigo → code   cnpj → cnpj (14 characters, digits or the alphanumeric form, upper case)
 *   razao_social → legal_name   nome_fantasia → trade_name   endereco → address
 *   telefone_comercial → phone   email → email
 */
export const companies = pgTable(
  "companies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: integer("code").generatedAlwaysAsIdentity(),
    cnpj: text("cnpj").notNull(),
    legalName: text("legal_name").notNull(),
    tradeName: text("trade_name"),
    address: text("address"),
    phone: text("phone"),
    email: text("email"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("companies_cnpj_key").on(t.cnpj), check("companies_cnpj_check", sql`${t.cnpj} ~ '^[0-9A-Z]{12}[0-9]{2}$'`)],
);

/**
 * Service records (atendimentos): the original's `service_requests`. The status always equals
 * the last history entry's (changed only in one transaction with the row locked, ADR 133). The
 * requester's CPF is digits only and NULL for an anonymous complaint.
 */
export const serviceRecords = pgTable(
  "service_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** SIND + YYYYMMDDHHmmss in Brasília time; unique (ADR 130). */
    protocol: text("protocol").notNull(),
    recordType: text("record_type").notNull(),
    sector: text("sector").notNull(),
    /** The responsible staff member; NULL: 'Responsável não definido'. */
    responsibleId: uuid("responsible_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").notNull().default("pending"),
    priority: text("priority").notNull().default("media"),
    requesterName: text("requester_name").notNull(),
    requesterCpf: text("requester_cpf"),
    requesterPhone: text("requester_phone"),
    requesterEmail: text("requester_email"),
    /** The registrant's registration (the signed-in user's username at creation). */
    requesterRegistration: text("requester_registration"),
    memberId: uuid("member_id").references(() => members.id, { onDelete: "set null" }),
    serviceType: text("service_type").notNull(),
    otherType: text("other_type"),
    description: text("description").notNull(),
    additionalInfo: text("additional_info"),
    /** The sector block, validated by the sector's Zod schema before it is written. */
    sectorData: jsonb("sector_data").$type<Record<string, unknown>>().notNull().default({}),
    dueAt: instant("due_at").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByRole: text("created_by_role"),
    ...timestamps(),
    /** A duplicate merged into another record (issue 22 §8, ADR 267): the survivor; this one is closed and read-only. */
    mergedInto: uuid("merged_into").references((): AnyPgColumn => serviceRecords.id),
    /**
     * The list's text search, folded once at write (ADR 138): name and description, lower case,
     * no accents. Its trigram index is in the migration's custom SQL, with one partial trigram
     * index a sector (0035, ADR 268) for the roles that see one sector.
     */
    searchText: text("search_text").generatedAlwaysAs(sql`members_fold("requester_name" || ' ' || "description")`),
  },
  (t) => [
    uniqueIndex("service_records_protocol_key").on(t.protocol),
    // The list's order is (created_at DESC, id): with id in the key a page is read in index order (ADR 138).
    index("service_records_sector_created_idx").on(t.sector, t.createdAt.desc(), t.id),
    index("service_records_status_created_idx").on(t.status, t.createdAt.desc(), t.id),
    index("service_records_created_idx").on(t.createdAt.desc(), t.id),
    index("service_records_cpf_idx").on(t.requesterCpf),
    index("service_records_member_idx").on(t.memberId),
    check("service_records_protocol_check", sql`${t.protocol} ~ '^SIND[0-9]{14}$'`),
    check("service_records_status_check", sql`${t.status} in ('pending','in_progress','resolved','closed','cancelled')`),
    check("service_records_priority_check", sql`${t.priority} in ('baixa','media','alta','urgente')`),
    check("service_records_type_check", sql`${t.recordType} in ('atendimento_geral','denuncia_identificada','denuncia_anonima')`),
    check("service_records_cpf_check", sql`${t.requesterCpf} ~ '^[0-9]{11}$'`),
    // "Meus atendimentos" (issue 22 §1, ADR 257): a user's open records by deadline.
    index("service_records_responsible_due_idx")
      .on(t.responsibleId, t.dueAt, t.id)
      .where(sql`${t.status} in ('pending','in_progress')`),
    // The deadline job (issue 22 §2): open records by deadline, assigned or not.
    index("service_records_open_due_idx")
      .on(t.dueAt)
      .where(sql`${t.status} in ('pending','in_progress')`),
    // Merged duplicates (issue 22 §8, ADR 267).
    index("service_records_merged_into_idx")
      .on(t.mergedInto)
      .where(sql`${t.mergedInto} is not null`),
    check("service_records_merged_check", sql`${t.mergedInto} is null or (${t.mergedInto} <> ${t.id} and ${t.status} = 'closed')`),
  ],
);

/**
 * The history of a record (brief item 8): append-only. A trigger in the migration refuses
 * UPDATE and DELETE (except, in the anonymising transaction only, a rewrite of `text`: ADR 171). The author is kept by id and name without a foreign key, so deleting a
 * user never has to rewrite an entry.
 */
export const serviceRecordEntries = pgTable(
  "service_record_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    recordId: uuid("record_id")
      .notNull()
      .references(() => serviceRecords.id),
    /** created | status | comment | edit | assign (a change of responsible, ADR 257) | attachment (ADR 262) | reply (the requester's e-mail, ADR 264) */
    kind: text("kind").notNull(),
    authorId: uuid("author_id"),
    authorName: text("author_name").notNull(),
    responsibleName: text("responsible_name").notNull(),
    oldStatus: text("old_status"),
    newStatus: text("new_status").notNull(),
    text: text("text").notNull(),
    isPublic: boolean("is_public").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("service_record_entries_record_idx").on(t.recordId, t.id),
    check("service_record_entries_kind_check", sql`${t.kind} in ('created','status','comment','edit','assign','attachment','reply')`),
  ],
);

/**
 * The deadline reminders sent (issue 22 §2, ADR 258): one row per Brasília day, recipient and
 * kind, claimed in the transaction that queues the e-mail. A second run of the day (another
 * instance, a retry) finds the row and sends nothing.
 */
export const serviceDeadlineReminders = pgTable(
  "service_deadline_reminders",
  {
    day: date("day", { mode: "string" }).notNull(),
    userId: ownerId("user_id", () => users.id),
    /** responsible: the user's own records; digest: the sector head's summary. */
    kind: text("kind").notNull(),
    records: integer("records").notNull(),
    sentAt: instant("sent_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.userId, t.kind] }),
    index("service_deadline_reminders_user_idx").on(t.userId),
    check("service_deadline_reminders_kind_check", sql`${t.kind} in ('responsible','digest')`),
  ],
);

/** The files a requester's reply by e-mail brought (issue 22 §5, ADR 264), in the file store. */
export const serviceReplyFiles = pgTable(
  "service_reply_files",
  {
    entryId: bigint("entry_id", { mode: "number" })
      .notNull()
      .references(() => serviceRecordEntries.id),
    fileId: ownerId("file_id", () => files.id),
    position: smallint("position").notNull(),
  },
  (t) => [
    primaryKey({ name: "service_reply_files_pk", columns: [t.entryId, t.fileId] }),
    index("service_reply_files_file_idx").on(t.fileId),
  ],
);

/**
 * The Message-ID of each e-mail reply taken, per record (ADR 264): a reply delivered twice is
 * acknowledged again and stored once.
 */
export const serviceReplyMessages = pgTable(
  "service_reply_messages",
  {
    recordId: uuid("record_id")
      .notNull()
      .references(() => serviceRecords.id),
    messageId: text("message_id").notNull(),
    entryId: bigint("entry_id", { mode: "number" })
      .notNull()
      .references(() => serviceRecordEntries.id),
    receivedAt: instant("received_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "service_reply_messages_pk", columns: [t.recordId, t.messageId] })],
);

/**
 * Canned replies (respostas prontas, issue 22 §6, ADR 265): texts per sector with {nome} and
 * {protocolo}, inserted into a comment on a record's page. No personal data of their own.
 */
export const serviceCannedReplies = pgTable(
  "service_canned_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sector: text("sector").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("service_canned_replies_sector_title_key").on(t.sector, sql`lower(${t.title})`),
    check("service_canned_replies_sector_check", sql`${t.sector} in ('homologacao','secretaria','juridico','financeiro','presidencia')`),
  ],
);

/**
 * A record's attachments (issue 22 §3, ADR 262): the file lives in the file store (`files`, with
 * its name, type and size); `entry_id` is the history entry "anexou …" written with it. Public
 * ones are offered on the requester's consulta. Deleting the file (a member's anonymisation)
 * deletes the attachment.
 */
export const serviceRecordAttachments = pgTable(
  "service_record_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recordId: uuid("record_id")
      .notNull()
      .references(() => serviceRecords.id),
    fileId: ownerId("file_id", () => files.id),
    entryId: bigint("entry_id", { mode: "number" }).references(() => serviceRecordEntries.id),
    isPublic: boolean("is_public").notNull().default(false),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    uploadedByName: text("uploaded_by_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("service_record_attachments_record_idx").on(t.recordId, t.createdAt),
    uniqueIndex("service_record_attachments_file_key").on(t.fileId),
  ],
);

export type ServiceRecordRow = typeof serviceRecords.$inferSelect;
export type ServiceRecordEntryRow = typeof serviceRecordEntries.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
