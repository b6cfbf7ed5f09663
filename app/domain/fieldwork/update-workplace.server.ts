import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { workplaces } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { authorize, type Actor } from "~/auth/authorize";
import { enqueue } from "~/jobs/app-jobs.server";
import { AppError } from "~/utils/app-error";
import { approximatePosition } from "./map-constants";
import { WORKPLACE_MESSAGES, type WorkplaceFields } from "./workplace.schema";
import { GEOCODE_WORKPLACE_JOB } from "./geocode-workplace-job.server";
import { findLikelyDuplicates } from "./find-duplicates.server";
import { DUPLICATE_MESSAGES } from "./workplace-duplicates";

const ADDRESS_KEYS = ["address", "neighbourhood", "city", "state", "cep"] as const;
const KEYS = ["name", ...ADDRESS_KEYS, "phone", "email"] as const;

/**
 * Edits a workplace. A changed address is geocoded again, unless staff placed the pin by hand
 * ('manual'): a dragged pin is never overwritten.
 */
export async function updateWorkplace(actor: Actor, input: WorkplaceFields & { id: string }) {
  authorize(actor, "workplaces.edit");
  return db().transaction(async (tx) => {
    const [current] = await tx.select().from(workplaces).where(eq(workplaces.id, input.id)).for("update");
    if (!current) throw new AppError(404, WORKPLACE_MESSAGES.notFound);
    const { confirmDuplicate: _confirmed, ...fieldsIn } = input;
    const next = { ...fieldsIn, neighbourhood: input.neighbourhood || null };
    const changed = KEYS.filter((k) => (current[k] ?? null) !== (next[k] ?? null));
    const addressChanged = ADDRESS_KEYS.some((k) => changed.includes(k));
    const regeocode = addressChanged && current.positionSource !== "manual";
    // Checked only when the name or CEP changes: an edit of the phone never asks (ADR 217).
    const duplicates =
      changed.includes("name") || changed.includes("cep")
        ? await findLikelyDuplicates(
            {
              name: next.name,
              cep: next.cep,
              position: regeocode || current.positionSource === "approximate" ? null : { lat: current.lat, lon: current.lon },
            },
            { reader: tx, excludeId: current.id },
          )
        : [];
    if (duplicates.length && !input.confirmDuplicate) throw new AppError(422, DUPLICATE_MESSAGES.form(duplicates), "confirmDuplicate");
    const position = regeocode ? approximatePosition(next) : null;
    await tx
      .update(workplaces)
      .set({
        name: next.name,
        address: next.address,
        neighbourhood: next.neighbourhood,
        city: next.city,
        state: next.state,
        cep: next.cep,
        phone: next.phone,
        email: next.email,
        ...(position ? { lat: position.lat, lon: position.lon, positionSource: "approximate" as const, geocodeNotFoundAt: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(workplaces.id, input.id));
    await recordAudit(tx, actor, "workplace.updated", input.id, {
      code: current.code,
      name: next.name,
      changed: [...changed],
      ...(duplicates.length ? { confirmedNotDuplicateOf: duplicates.map((d) => d.code) } : {}),
    });
    if (regeocode) await enqueue(GEOCODE_WORKPLACE_JOB, { workplaceId: input.id }, { tx, singletonKey: input.id });
  });
}

/** Staff dragged the pin: the position becomes 'manual' and the geocoder never moves it again. */
export async function moveWorkplacePin(actor: Actor, input: { id: string; lat: number; lon: number }) {
  authorize(actor, "workplaces.edit");
  return db().transaction(async (tx) => {
    const [current] = await tx.select().from(workplaces).where(eq(workplaces.id, input.id)).for("update");
    if (!current) throw new AppError(404, WORKPLACE_MESSAGES.notFound);
    await tx
      .update(workplaces)
      .set({ lat: input.lat, lon: input.lon, positionSource: "manual", updatedAt: sql`now()` })
      .where(eq(workplaces.id, input.id));
    await recordAudit(tx, actor, "workplace.pin-moved", input.id, {
      code: current.code,
      from: { lat: current.lat, lon: current.lon },
      to: { lat: input.lat, lon: input.lon },
    });
  });
}
