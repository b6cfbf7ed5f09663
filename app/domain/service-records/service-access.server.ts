import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { data } from "react-router";
import type { Actor } from "~/auth/authorize";
import { db, type Db, type Tx } from "~/db/client.server";
import { serviceRecords, users } from "~/db/schema";
import { AppError, isAppError } from "~/utils/app-error";
import { recordRefusal } from "~/domain/audit/record-refusal.server";
import { MERGE_MESSAGES } from "./merge";
import { SERVICE_MESSAGES } from "./service-options";
import { serviceScope, type ServiceSector } from "~/auth/scopes";
import { isUuid } from "~/utils/uuid";
import type { IntentUnion, ActionSpec } from "~/utils/action.server";
import type { SessionUser } from "~/auth/session.server";
import { staffAction } from "~/utils/staff-action.server";

export type ServiceActor = Actor & { name?: string };

/** Something was added to the record (an attachment, a comment, a reply, a merged record's history): its updated_at moves to now. */
export async function touchServiceRecord(tx: Tx, id: string) {
  await tx
    .update(serviceRecords)
    .set({ updatedAt: sql`now()` })
    .where(eq(serviceRecords.id, id));
}

/** Throws 404/403 unless the record exists and is in the actor's scope (the detail's action checks the URL's record first). */
export async function assertRecordInScope(actor: Pick<Actor, "role">, id: string) {
  await recordInScope(db(), actor, id);
}

/**
 * The first step of every action on a record's pages (detail, attachments, merge): the record of
 * the URL decides the scope before a byte of the body is read. Outside it: the original's message
 * as a thrown 403 (audited as a refusal) or 404, so the page does not re-render the detail.
 */
export async function requireRecordInScope(actor: Actor, request: Request, id: string) {
  try {
    await assertRecordInScope(actor, id);
  } catch (error) {
    if (isAppError(error)) {
      if (error.status === 403) await recordRefusal(actor, request, { recordId: id });
      throw data({ title: "Acesso Negado", message: error.message }, { status: error.status });
    }
    throw error;
  }
}

/**
 * The action of a record's page (detail, attachments, merge): `staffAction` with the record of the
 * URL checked in the actor's scope (`requireRecordInScope`) before a byte of the body is read.
 */
export function serviceRecordAction<S extends IntentUnion>(
  request: Request,
  id: string,
  intents: S,
  spec: (actor: SessionUser) => Omit<ActionSpec<S, SessionUser>, "actor" | "intents">,
) {
  return staffAction(request, intents, spec, (actor) => requireRecordInScope(actor, request, id));
}

/**
 * A record the actor may act on, locked FOR UPDATE when asked (ADR 133). Unknown → 404
 * 'Chamado não encontrado'; outside the actor's sector scope → 403 'Você não tem permissão
 * para acessar este chamado' (scope is decided on the server, never by the page).
 */
export async function recordInScope(tx: Db | Tx, actor: Pick<Actor, "role">, id: string, o: { lock?: boolean } = {}) {
  if (!isUuid(id)) throw new AppError(404, SERVICE_MESSAGES.notFound);
  const q = tx.select().from(serviceRecords).where(eq(serviceRecords.id, id));
  const [row] = o.lock ? await q.for("update") : await q;
  if (!row) throw new AppError(404, SERVICE_MESSAGES.notFound);
  if (!(serviceScope(actor.role) as readonly string[]).includes(row.sector)) throw new AppError(403, SERVICE_MESSAGES.forbidden);
  // A merged duplicate is read-only (issue 22 §8, ADR 267): every write locks, so every write is refused here.
  if (o.lock && row.mergedInto) {
    const [into] = await tx.select({ protocol: serviceRecords.protocol }).from(serviceRecords).where(eq(serviceRecords.id, row.mergedInto));
    throw new AppError(409, MERGE_MESSAGES.readOnly(into?.protocol ?? "—"));
  }
  return row;
}

export type Agent = { id: string; name: string };

/** The responsible people of a sector: active users of that sector's role, plus admins. */
export async function agentsFor(sector: ServiceSector, tx: Db | Tx = db()): Promise<Agent[]> {
  return tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.active, true), or(eq(users.role, sector), eq(users.role, "admin"))))
    .orderBy(asc(users.name));
}

/** Every sector's agents, for the form (which switches sector in the browser). */
export async function agentsBySector(sectors: readonly ServiceSector[]) {
  const rows = await db()
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(and(eq(users.active, true), inArray(users.role, [...sectors, "admin"])))
    .orderBy(asc(users.name));
  const out = {} as Record<ServiceSector, Agent[]>;
  for (const s of sectors) out[s] = rows.filter((r) => r.role === s || r.role === "admin").map(({ id, name }) => ({ id, name }));
  return out;
}

/** The chosen responsible person, who must be one of the sector's agents. */
export async function responsibleFor(tx: Db | Tx, sector: ServiceSector, id: string): Promise<Agent> {
  const [agent] = (await agentsFor(sector, tx)).filter((a) => a.id === id);
  if (!agent) throw new AppError(400, SERVICE_MESSAGES.responsibleInvalid, "responsibleId");
  return agent;
}

/**
 * The responsible a comment, status change or edit leaves on the record. A form's "Responsável"
 * select shows who was responsible when the page was loaded (`responsibleWas`); left as it was,
 * it keeps whoever is responsible now, so a form loaded before an "Atribuir a…" or "Assumir"
 * does not quietly hand the record back (found in the desk trial). A changed select reassigns.
 */
export async function chosenResponsible(
  tx: Db | Tx,
  record: { sector: string; responsibleId: string | null },
  input: { responsibleId: string; responsibleWas?: string },
): Promise<Agent> {
  const sector = record.sector as ServiceSector;
  const untouched = input.responsibleWas !== undefined && input.responsibleWas === input.responsibleId;
  if (untouched && record.responsibleId && record.responsibleId !== input.responsibleId) {
    const [now] = (await agentsFor(sector, tx)).filter((a) => a.id === record.responsibleId);
    if (now) return now;
  }
  return responsibleFor(tx, sector, input.responsibleId);
}
