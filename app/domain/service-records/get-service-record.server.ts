import { asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { authorize } from "~/auth/authorize";
import { can } from "~/auth/screens";
import { maskCpfForList } from "~/lib/br/cpf";
import { db } from "~/db/client.server";
import { members, serviceRecordEntries, serviceRecords, users } from "~/db/schema";
import { recordInScope, type ServiceActor } from "./service-access.server";

/** One record with its history, for the detail; out of scope → 403, unknown → 404. */
export async function getServiceRecord(actor: ServiceActor, id: string) {
  authorize(actor, "services.read");
  const record = await recordInScope(db(), actor, id);
  const creator = alias(users, "creator");
  const [extra] = await db()
    .select({
      responsibleName: users.name,
      createdByName: creator.name,
      memberName: members.name,
      memberRegistration: members.registrationNumber,
    })
    .from(serviceRecords)
    .leftJoin(users, eq(users.id, serviceRecords.responsibleId))
    .leftJoin(creator, eq(creator.id, serviceRecords.createdBy))
    .leftJoin(members, eq(members.id, serviceRecords.memberId))
    .where(eq(serviceRecords.id, id));
  const entries = await db()
    .select()
    .from(serviceRecordEntries)
    .where(eq(serviceRecordEntries.recordId, id))
    .orderBy(asc(serviceRecordEntries.id));
  // search_text (the list's folded search column, ADR 138) is not the page's to show, and the
  // requester's CPF leaves the server masked to every role (ADR 183): the whole number only
  // through revealServiceCpf, audited.
  const { searchText: _searchText, requesterCpf, ...shown } = record;
  return {
    record: {
      ...shown,
      ...extra,
      requesterCpfMasked: requesterCpf ? maskCpfForList(requesterCpf) : null,
      /** Whether this actor may ask for the whole number ("Ver CPF completo"). */
      cpfRevealable: requesterCpf !== null && can(actor.role, "members.cpf"),
    },
    entries,
  };
}
