import { eq } from "drizzle-orm";
import { db, type Db, type Tx } from "~/db/client.server";
import { members } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { authorize, type Actor } from "~/auth/authorize";
import { AppError } from "~/utils/app-error";
import { hitRateLimit } from "~/utils/rate-limit.server";
import { MEMBER_MESSAGES } from "./member.schema";

/** 429 with the time to wait, for the Retry-After header. */
export class LookupLimitedError extends AppError {
  constructor(
    public readonly retryAfterSeconds: number,
    field = "cpf",
    message: string = MEMBER_MESSAGES.lookupLimited,
  ) {
    super(429, message, field);
  }
}

/**
 * The original's member look-up result (original-spec §3), plus the member's mobile phone and
 * e-mail so the service form fills the requester's contact (issue 19 §1, ADR 194).
 */
export type MemberLookup = {
  is_member: boolean;
  member_id: string | null;
  member_name: string | null;
  registration_number: number | null;
  member_phone: string | null;
  member_email: string | null;
};

/**
 * Counts one look-up of a member by CPF against the user's limit (RATE_LIMITS.memberLookup).
 * Every way a CPF is turned into a member — the API the form calls while typing and the
 * service record's creation, which links the member — counts here, on one counter (ADR 183).
 */
export async function countMemberLookup(actor: Pick<Actor, "id">, o: { field?: string; message?: string } = {}) {
  const limit = await hitRateLimit("memberLookup", actor.id);
  if (!limit.allowed) throw new LookupLimitedError(limit.retryAfterSeconds, o.field, o.message);
}

/**
 * The member of a CPF, written to the audit log as `member.looked_up` (found or not, never the
 * CPF), in the caller's transaction. Call countMemberLookup first.
 */
export async function findMemberByCpfAudited(actor: Actor, cpf: string, tx: Db | Tx = db()) {
  const [m] = await tx
    .select({
      id: members.id,
      name: members.name,
      registrationNumber: members.registrationNumber,
      mobilePhone: members.mobilePhone,
      email: members.email,
    })
    .from(members)
    .where(eq(members.cpf, cpf));
  await recordAudit(tx, actor, "member.looked_up", m?.id ?? null, { found: !!m, registrationNumber: m?.registrationNumber ?? null });
  return m;
}

/**
 * The service-record form's CPF look-up: 11 digits only, limited per user, every look-up
 * audited (found or not, never the CPF).
 */
export async function lookupMemberByCpf(actor: Actor, cpf: string): Promise<MemberLookup> {
  authorize(actor, "members.lookup");
  if (!/^\d{11}$/.test(cpf)) throw new AppError(400, MEMBER_MESSAGES.lookupDigits, "cpf");
  await countMemberLookup(actor);
  const m = await findMemberByCpfAudited(actor, cpf);
  return m
    ? {
        is_member: true,
        member_id: m.id,
        member_name: m.name,
        registration_number: m.registrationNumber,
        member_phone: m.mobilePhone ?? null,
        member_email: m.email ?? null,
      }
    : { is_member: false, member_id: null, member_name: null, registration_number: null, member_phone: null, member_email: null };
}
