import { matchRoutes } from "react-router";
import { normalizePathname, screenFor, SCREENS } from "~/auth/screens";
import { env } from "~/utils/env.server";
import { db } from "~/db/client.server";
import { log, errorFields } from "~/utils/logger.server";
import { recordAudit, type AuditActor } from "./record-audit.server";
import { INTENT_LABELS } from "./events/access";

/**
 * Refused staff actions in the audit log (issue 18 §6, ADR 182): a signed-in user's post answered
 * 403 — by the guard (the role table), the action map (`authorize`) or a record's sector scope —
 * is written as `access.refused` with who, which screen and intent, and which record.
 *
 * A flood of refusals (a script probing ids) must not turn into a flood of writes to the
 * append-only log: at most AUDIT_REFUSALS_PER_MINUTE entries per user and minute are written
 * (per instance, in memory: counting in the database would itself be a write per refusal). The
 * refusals left out are counted and written as one entry (`suppressed`) when the minute is over.
 * Every refusal still has its HTTP log line, with the user's id.
 */

type Info = { method: string; path: string; screen: string | null; intent: string | null };
type Pending = { actor: NonNullable<AuditActor>; info: Info; entityId: string | null };
type Window = { start: number; written: number; suppressed: number; last?: Pending; flushScheduled: boolean };

export type Admission = { write: boolean; carried: number; flushAt?: number };

/** The per-user cap, in memory. Pure (the clock is passed in), so the unit test drives it. */
export class RefusalThrottle {
  #windows = new Map<string, Window>();
  constructor(
    readonly max: number,
    readonly windowMs = 60_000,
  ) {}

  /**
   * Counts one refusal of `userId` at `now`. `write`: record it (carrying `carried` refusals left
   * out of an earlier minute that no flush wrote yet); `flushAt`: the first one left out in this
   * minute, schedule the flush for then.
   */
  admit(userId: string, now: number, pending?: Pending): Admission {
    this.#prune(now);
    let w = this.#windows.get(userId);
    let carried = 0;
    if (w && now >= w.start + this.windowMs) {
      carried = w.suppressed;
      w = undefined;
    }
    if (!w) {
      w = { start: now, written: 0, suppressed: 0, flushScheduled: false };
      this.#windows.set(userId, w);
    }
    if (w.written < this.max) {
      w.written++;
      return { write: true, carried };
    }
    w.suppressed++;
    w.last = pending;
    if (w.flushScheduled) return { write: false, carried: 0 };
    w.flushScheduled = true;
    return { write: false, carried: 0, flushAt: w.start + this.windowMs };
  }

  /** The refusals left out in the user's minute, once it is over (and forgets them). */
  take(userId: string, now: number): { suppressed: number; last?: Pending } {
    const w = this.#windows.get(userId);
    if (!w || now < w.start + this.windowMs || w.suppressed === 0) return { suppressed: 0 };
    this.#windows.delete(userId);
    return { suppressed: w.suppressed, last: w.last };
  }

  /** Users tracked (for the test: the map does not grow without bound). */
  get size() {
    return this.#windows.size;
  }

  /** Forgets minutes that are over with nothing left to write. */
  #prune(now: number) {
    for (const [id, w] of this.#windows) if (now >= w.start + this.windowMs && w.suppressed === 0) this.#windows.delete(id);
  }
}

let throttle: RefusalThrottle | undefined;
function currentThrottle() {
  const max = env().AUDIT_REFUSALS_PER_MINUTE;
  if (!throttle || throttle.max !== max) throttle = new RefusalThrottle(max);
  return throttle;
}

const recorded = new WeakSet<Request>();
const routeObjects = SCREENS.flatMap((s) => s.paths.map((path) => ({ path })));
const RECORD_ID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{1,19})$/i;

/** The record a URL names (`/dashboard/atendimento/:id`, `…/members/:memberId`…), if any. */
function recordIdInPath(path: string): string | null {
  const params = matchRoutes(routeObjects, path)?.at(-1)?.params ?? {};
  for (const [name, value] of Object.entries(params)) if (name !== "role" && value && RECORD_ID.test(value)) return value;
  return null;
}

/** An id taken from a posted field: a UUID or a number only, never arbitrary text. */
export function recordIdOf(value: unknown): string | null {
  return typeof value === "string" && RECORD_ID.test(value) ? value : null;
}

async function write(pending: Pending, suppressed: number) {
  try {
    await recordAudit(db(), pending.actor, "access.refused", pending.entityId, {
      ...pending.info,
      ...(suppressed > 0 ? { suppressed } : {}),
    });
  } catch (error) {
    // The refusal stands (403) whatever happens to its entry.
    log.error("registro de ação recusada falhou", errorFields(error));
  }
}

/**
 * Records that `actor`'s request was refused with 403 (once per request, whoever notices first).
 * `intent` is kept only when it is one of the forms' known intents; `recordId` only when it is an
 * id (a UUID or a number) — a probe's arbitrary text never reaches the log.
 */
export async function recordRefusal(
  actor: { id: string; username: string },
  request: Request,
  o: { intent?: string | null; recordId?: string | null } = {},
) {
  if (recorded.has(request)) return;
  recorded.add(request);
  const path = normalizePathname(new URL(request.url).pathname);
  const info: Info = {
    method: request.method.slice(0, 10),
    path: path.slice(0, 200),
    screen: screenFor(path)?.id ?? null,
    intent: o.intent && Object.hasOwn(INTENT_LABELS, o.intent) ? o.intent : null,
  };
  const pending: Pending = {
    actor: { id: actor.id, username: actor.username },
    info,
    entityId: recordIdOf(o.recordId) ?? recordIdInPath(path),
  };
  const t = currentThrottle();
  const verdict = t.admit(actor.id, Date.now(), pending);
  if (verdict.write) await write(pending, verdict.carried);
  if (verdict.flushAt !== undefined) {
    const timer = setTimeout(() => void flushRefusals(actor.id), Math.max(0, verdict.flushAt - Date.now()) + 10);
    timer.unref?.();
  }
}

/** Writes the refusals of `userId` left out in a minute that is over (the timer; tests call it). */
export async function flushRefusals(userId: string, now = Date.now()) {
  const { suppressed, last } = currentThrottle().take(userId, now);
  if (suppressed > 0 && last) await write(last, suppressed);
}
