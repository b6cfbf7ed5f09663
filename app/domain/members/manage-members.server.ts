import { count, eq } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { charges, members } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { deleteRowWithFile } from "~/domain/files/file-store.server";
import { authorize, type Actor } from "~/auth/authorize";
import { todayInBrasilia } from "~/lib/dates";
import { AppError } from "~/utils/app-error";
import { uniqueViolation } from "~/db/unique-violation.server";
import { STATUS_FOR_SITUATION, type SituationCode } from "./member-options";
import { MEMBER_MESSAGES, type CreateMemberInput, type UpdateMemberInput } from "./member.schema";
import { lockRegistrationNumbers, nextRegistrationNumber } from "./registration-number.server";

async function assertCpfFree(tx: Tx, cpf: string, exceptId?: string) {
  const [other] = await tx.select({ id: members.id, n: members.registrationNumber }).from(members).where(eq(members.cpf, cpf));
  if (other && other.id !== exceptId) throw new AppError(409, MEMBER_MESSAGES.cpfTaken(other.n), "cpf");
}

async function assertRegistrationFree(tx: Tx, n: number) {
  const [other] = await tx.select({ id: members.id }).from(members).where(eq(members.registrationNumber, n));
  if (other) throw new AppError(409, MEMBER_MESSAGES.registrationTaken(n), "registrationNumber");
}

/** A unique violation that raced past the checks, answered with the same clear message. */
async function explainConflict(error: unknown, input: { cpf?: string; registrationNumber?: number | null }): Promise<never> {
  const constraint = uniqueViolation(error);
  if (constraint?.includes("cpf") && input.cpf) {
    const [other] = await db().select({ n: members.registrationNumber }).from(members).where(eq(members.cpf, input.cpf));
    throw new AppError(409, MEMBER_MESSAGES.cpfTaken(other?.n ?? 0), "cpf");
  }
  if (constraint?.includes("registration") && input.registrationNumber) {
    throw new AppError(409, MEMBER_MESSAGES.registrationTaken(input.registrationNumber), "registrationNumber");
  }
  throw error;
}

/** What the create and edit forms write alike: the name, contacts, address and workplace. */
function contactColumns(input: CreateMemberInput | UpdateMemberInput) {
  const { name, email, mobilePhone, address, city, state, cep, region, workplaceName } = input;
  return { name, email, mobilePhone, address, city, state, cep, region, workplaceName };
}

/**
 * A new member (original-spec §4): situação 1, status 'ativo', data de cadastro today in
 * Brasília; the registration number typed by staff or the next free one, allocated under the
 * advisory lock (ADR 121) so two members created at once never share one.
 */
export async function addMember(actor: Actor, input: CreateMemberInput) {
  authorize(actor, "members.create");
  try {
    return await db().transaction(async (tx) => {
      await lockRegistrationNumbers(tx);
      await assertCpfFree(tx, input.cpf);
      let registrationNumber = input.registrationNumber;
      if (registrationNumber != null) await assertRegistrationFree(tx, registrationNumber);
      else registrationNumber = await nextRegistrationNumber(tx);
      const [created] = await tx
        .insert(members)
        .values({
          registrationNumber,
          ...contactColumns(input),
          cpf: input.cpf,
          situation: 1,
          status: "ativo",
          joinedOn: todayInBrasilia(),
          createdBy: actor.id,
        })
        .returning({ id: members.id, registrationNumber: members.registrationNumber });
      await recordAudit(tx, actor, "member.created", created.id, {
        registrationNumber,
        situation: 1,
        typedRegistration: input.registrationNumber != null,
      });
      return created;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    return explainConflict(error, input);
  }
}

export const EDITABLE_MEMBER_FIELDS = [
  "name",
  "email",
  "mobilePhone",
  "address",
  "city",
  "state",
  "cep",
  "region",
  "workplaceName",
  "situation",
  "notes",
] as const;

/** Corrected by an admin only (issue 19 §14, ADR 194). */
export const ADMIN_MEMBER_FIELDS = ["cpf", "birthDate", "gender"] as const;

/**
 * The edit dialog (the original's payload); the registration number is never changed here. CPF,
 * birth date and sex are corrected by an admin only (refused with 403 for anyone else, whatever
 * the body), the CPF still valid and unique; the audit entry names the changed fields, never
 * their values.
 */
export async function editMember(actor: Actor, input: UpdateMemberInput) {
  authorize(actor, "members.edit");
  const sentAdminFields = ADMIN_MEMBER_FIELDS.filter((k) => input[k] !== undefined);
  if (sentAdminFields.length > 0 && actor.role !== "admin") throw new AppError(403, MEMBER_MESSAGES.adminOnlyFields, sentAdminFields[0]);
  try {
    return await editMemberIn(actor, input);
  } catch (error) {
    return explainConflict(error, { cpf: input.cpf });
  }
}

async function editMemberIn(actor: Actor, input: UpdateMemberInput) {
  return db().transaction(async (tx) => {
    const [current] = await tx.select().from(members).where(eq(members.id, input.id)).for("update");
    if (!current) throw new AppError(404, MEMBER_MESSAGES.notFound);
    if (current.anonymizedAt) throw new AppError(409, MEMBER_MESSAGES.alreadyAnonymized);
    const next = {
      ...contactColumns(input),
      situation: input.situation,
      notes: input.notes,
      ...(input.cpf !== undefined ? { cpf: input.cpf } : {}),
      ...(input.birthDate !== undefined ? { birthDate: input.birthDate } : {}),
      ...(input.gender !== undefined ? { gender: input.gender } : {}),
    };
    const changed: string[] = [...EDITABLE_MEMBER_FIELDS, ...ADMIN_MEMBER_FIELDS].filter(
      (k) => k in next && (current[k] ?? null) !== ((next as Record<string, unknown>)[k] ?? null),
    );
    const status = STATUS_FOR_SITUATION[input.situation as SituationCode];
    if (status !== current.status) changed.push("status");
    if (changed.length === 0) return { id: current.id, changed };
    await tx
      .update(members)
      .set({ ...next, status, updatedAt: new Date() })
      .where(eq(members.id, current.id));
    await recordAudit(tx, actor, "member.updated", current.id, { registrationNumber: current.registrationNumber, changed });
    return { id: current.id, changed };
  });
}

/** 'Este filiado tem N cobranças…': a member with financial history is never deleted (issue 11). */
function memberHasCharges(n: number) {
  return new AppError(
    409,
    `Este filiado tem ${n} ${n === 1 ? "cobrança registrada" : "cobranças registradas"} e não pode ser excluído: o histórico financeiro deve ser mantido. Altere a situação para CANCELADO(A).`,
  );
}

/** PostgreSQL's foreign-key violation (23503), whichever driver raised it. */
function isForeignKeyViolation(error: unknown) {
  let e: unknown = error;
  for (let i = 0; i < 4 && e && typeof e === "object"; i++) {
    if ((e as { code?: unknown }).code === "23503") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Deletes a member and their photo; the audit keeps the id and registration number only.
 * Refused (409, clear message) while the member has charges: charges.member_id is ON DELETE
 * RESTRICT, and a charge issued between the check and the delete still gives the same message.
 */
export async function removeMember(actor: Actor, id: string) {
  authorize(actor, "members.delete");
  try {
    return await deleteMember(actor, id);
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      const [{ n }] = await db().select({ n: count() }).from(charges).where(eq(charges.memberId, id));
      throw memberHasCharges(Math.max(1, n));
    }
    throw error;
  }
}

async function deleteMember(actor: Actor, id: string) {
  return db().transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(charges).where(eq(charges.memberId, id));
    if (n > 0) throw memberHasCharges(n);
    const removed = await deleteRowWithFile(tx, members, id, (r) => r.photoFileId, MEMBER_MESSAGES.notFound);
    await recordAudit(tx, actor, "member.deleted", id, { registrationNumber: removed.registrationNumber });
  });
}
