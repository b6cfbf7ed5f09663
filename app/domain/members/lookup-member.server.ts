import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { members } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { authorize, type Actor } from "~/auth/authorize";
import { AppError } from "~/utils/app-error";
import { hitRateLimit } from "~/utils/rate-limit.server";
import { MEMBER_MESSAGES } from "./member.schema";

/** 429 with the time to wait, for the Retry-After header. */
export class LookupLimitedError extends AppError {
  constructor(public readonly retryAfterSeconds: number) {
    super(429, MEMBER_MESSAGES.lookupLimited, "cpf");
  }
}

/** The original's member look-up result (original-spec §3). */
export type MemberLookup = { is_member: boolean; member_id: string | null; member_name: string | null; registration_number: number | null };

/**
 * The service-record form's CPF look-up: 11 digits only, limited per user
 * (RATE_LIMITS.memberLookup), every look-up audited (found or not, never the CPF).
 */
export async function lookupMemberByCpf(actor: Actor, cpf: string): Promise<MemberLookup> {
  authorize(actor, "members.lookup");
  if (!/^\d{11}$/.test(cpf)) throw new AppError(400, MEMBER_MESSAGES.lookupDigits, "cpf");
  const limit = await hitRateLimit("memberLookup", actor.id);
  if (!limit.allowed) throw new LookupLimitedError(limit.retryAfterSeconds);
  const [m] = await db()
    .select({ id: members.id, name: members.name, n: members.registrationNumber })
    .from(members)
    .where(eq(members.cpf, cpf));
  await recordAudit({ actor, action: "member.looked_up", entityType: "member", entityId: m?.id ?? null, data: { found: !!m, registrationNumber: m?.n ?? null } });
  return m
    ? { is_member: true, member_id: m.id, member_name: m.name, registration_number: m.n }
    : { is_member: false, member_id: null, member_name: null, registration_number: null };
}
