import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { files } from "./system";
import { workplaces } from "./field";

/**
 * Members (associados / filiados): the original's `associado` table, with English column names.
 * Union membership is sensitive personal data (LGPD art. 5 II): the CPF, contacts, address and
 * photo never go into the audit log (only the id and the registration number do), so anonymising
 * a member leaves nothing personal behind in the append-only log.
 *
 *   matricula → registration_number   nome_associado → name       data_nascimento → birth_date
 *   sexo → gender     endereco → address   cidade → city   estado → state   cep → cep
 *   telefone_celular → mobile_phone   telefone_residencia → home_phone   email → email
 *   cpf → cpf (11 digits)   data_cadastro → joined_on   situacao → situation
 *   posto_trabalho → workplace_name (free text until workplaces exist) · workplace_id (later)
 *   status → status   observacao → notes   foto → photo_file_id   region (DF administrative region)
 *
 * Indexes on the folded name (trigram search, ordering) are expression indexes over the
 * immutable `members_fold(text)` function; they live in the migration's custom SQL block
 * (ADR 120).
 */
export const members = pgTable(
  "members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The matrícula: next free one unless staff type one; unique. */
    registrationNumber: integer("registration_number").notNull(),
    name: text("name").notNull(),
    /** 11 digits; unique among members; NULL only once anonymised. */
    cpf: text("cpf"),
    email: text("email"),
    mobilePhone: text("mobile_phone"),
    homePhone: text("home_phone"),
    birthDate: date("birth_date"),
    gender: text("gender"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    /** 8 digits. */
    cep: text("cep"),
    /** A DF administrative region (Região Administrativa), e.g. "Ceilândia". */
    region: text("region"),
    /** The original's `posto_trabalho`, free text, kept until workplaces exist and beside them. */
    workplaceName: text("workplace_name"),
    /** The workplace (table `workplaces`, ADR 140). */
    workplaceId: uuid("workplace_id").references(() => workplaces.id, { onDelete: "set null" }),
    /** Situação: 1 ATIVO(A), 2 DESEMPREGADO(A), 3 APOSENTADO(A), 4 AFASTADO(A) PELO INSS, 10 CANCELADO(A). NULL: not given (old records). */
    situation: integer("situation"),
    /** The original's free status text ('ativo', 'inativo', 'cancelado', 'afastado', 'atrasado'…). */
    status: text("status").notNull().default("ativo"),
    notes: text("notes"),
    /** Data de cadastro (Brasília calendar date). */
    joinedOn: date("joined_on").notNull(),
    photoFileId: uuid("photo_file_id").references(() => files.id, { onDelete: "set null" }),
    /** Set when the member's personal data was removed on request (LGPD); irreversible. */
    anonymizedAt: timestamp("anonymized_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("members_registration_number_key").on(t.registrationNumber),
    uniqueIndex("members_cpf_key").on(t.cpf),
    index("members_workplace_idx").on(t.workplaceId),
    check("members_registration_number_check", sql`${t.registrationNumber} > 0`),
    check("members_cpf_check", sql`${t.cpf} ~ '^[0-9]{11}$'`),
    check("members_cep_check", sql`${t.cep} ~ '^[0-9]{8}$'`),
    check("members_situation_check", sql`${t.situation} in (1, 2, 3, 4, 10)`),
  ],
);

export type MemberRow = typeof members.$inferSelect;
