import { and, asc, count, eq, inArray } from "drizzle-orm";
import { authorize } from "~/auth/authorize";
import { serviceScope } from "~/auth/scopes";
import { db } from "~/db/client.server";
import { serviceRecords } from "~/db/schema";
import { pageCountOf } from "~/lib/pagination";
import type { ServiceActor } from "./service-access.server";
import { recordSummaryColumns } from "./list-service-records.server";
import type { ServiceRecordListRow } from "./service-record-row";

/**
 * "Meus atendimentos" (issue 22 §1, ADR 257): the open records (pendente, em andamento) the user
 * answers for, in the sectors their role reaches, soonest deadline first. The panel's card and
 * the page read the same WHERE through `countMyQueue`, so the card's number is the list's count.
 * Both are read off the partial index (responsible_id, due_at, id) of the open records.
 */
export const MY_QUEUE_PAGE_SIZE = 25;
export const OPEN_STATUSES = ["pending", "in_progress"] as const;

function queueWhere(actor: ServiceActor) {
  return and(
    eq(serviceRecords.responsibleId, actor.id),
    inArray(serviceRecords.status, [...OPEN_STATUSES]),
    inArray(serviceRecords.sector, [...serviceScope(actor.role)]),
  );
}

/** How many records are in the user's queue: the panel card and the page's total. */
export async function countMyQueue(actor: ServiceActor): Promise<number> {
  authorize(actor, "services.mine");
  if (serviceScope(actor.role).length === 0) return 0;
  const [row] = await db().select({ n: count() }).from(serviceRecords).where(queueWhere(actor));
  return Number(row?.n ?? 0);
}

export type MyQueueRow = Pick<
  ServiceRecordListRow,
  "id" | "protocol" | "sector" | "status" | "priority" | "requesterName" | "serviceType" | "otherType" | "recordType" | "dueAt"
>;

/** One page of the queue, with its total (from countMyQueue) and page count. */
export async function listMyQueue(actor: ServiceActor, page = 1) {
  const total = await countMyQueue(actor);
  const pageCount = pageCountOf(total, MY_QUEUE_PAGE_SIZE);
  const current = Math.min(Math.max(1, page), pageCount);
  const rows: MyQueueRow[] =
    total === 0
      ? []
      : await db()
          .select(recordSummaryColumns)
          .from(serviceRecords)
          .where(queueWhere(actor))
          .orderBy(asc(serviceRecords.dueAt), asc(serviceRecords.id))
          .limit(MY_QUEUE_PAGE_SIZE)
          .offset((current - 1) * MY_QUEUE_PAGE_SIZE);
  return { rows, total, page: current, pageCount };
}
