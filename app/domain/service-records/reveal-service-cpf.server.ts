import { eq } from "drizzle-orm";
import { authorize } from "~/auth/authorize";
import { db } from "~/db/client.server";
import { members } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { formatCpf } from "~/lib/br/cpf";
import { AppError } from "~/utils/app-error";
import { recordInScope, type ServiceActor } from "./service-access.server";
import { SERVICE_MESSAGES } from "./service-options";

/**
 * "Ver CPF completo" on a service record's detail (issue 18 §6, ADR 183). The page shows the
 * requester's CPF masked to every role; the roles that see full CPFs on members (`members.cpf`,
 * ADR 122: admin, rh, secretaria) may ask for the whole number, one record at a time. Each
 * showing is written as the member page's view, `member.cpf_viewed`, in the same transaction:
 * the entity is the linked member (none when the requester is not a member), the data names the
 * record (id and protocol) — never the CPF.
 */
export async function revealServiceCpf(actor: ServiceActor, id: string) {
  authorize(actor, "services.read");
  authorize(actor, "members.cpf");
  return db().transaction(async (tx) => {
    const record = await recordInScope(tx, actor, id);
    if (!record.requesterCpf) throw new AppError(404, SERVICE_MESSAGES.noCpf);
    const [member] = record.memberId
      ? await tx.select({ registrationNumber: members.registrationNumber }).from(members).where(eq(members.id, record.memberId))
      : [];
    await recordAudit(tx, actor, "member.cpf_viewed", member ? record.memberId : null, {
      registrationNumber: member?.registrationNumber ?? null,
      serviceRecordId: record.id,
      protocol: record.protocol,
    });
    return { cpf: formatCpf(record.requesterCpf) };
  });
}
