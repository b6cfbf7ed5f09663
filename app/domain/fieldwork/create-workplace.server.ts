import { db } from "~/db/client.server";
import { workplaces } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { authorize, type Actor } from "~/auth/authorize";
import { enqueue } from "~/jobs/app-jobs.server";
import { AppError } from "~/utils/app-error";
import { approximatePosition } from "./map-constants";
import { generateWorkplaceCode, WORKPLACE_CODE_ATTEMPTS } from "./workplace-code.server";
import { WORKPLACE_MESSAGES, type WorkplaceFields } from "./workplace.schema";
import { GEOCODE_WORKPLACE_JOB } from "./geocode-workplace-job.server";
import { findLikelyDuplicates } from "./find-duplicates.server";
import { DUPLICATE_MESSAGES } from "./workplace-duplicates";

export type CreateWorkplaceOptions = {
  /** The code generator (tests force collisions with it). */
  generateCode?: () => string;
  /** A known position (imports, demo): stored as given, no geocoding. */
  position?: { lat: number; lon: number; source: "geocoder" | "manual" };
};

/**
 * Adds a workplace with a fresh code: on a duplicate the code is generated again, up to five
 * attempts, then the original's error. Until the geocoder answers (a job, one request per
 * second) the workplace sits at its approximate (hash) position.
 */
export async function createWorkplace(actor: Actor, input: WorkplaceFields, options: CreateWorkplaceOptions = {}) {
  authorize(actor, "workplaces.edit");
  const generate = options.generateCode ?? (() => generateWorkplaceCode());
  return db().transaction(async (tx) => {
    const position = options.position ?? { ...approximatePosition(input), source: "approximate" as const };
    // A likely duplicate is saved only when staff confirm it is another place (ADR 217).
    const duplicates = await findLikelyDuplicates(
      { name: input.name, cep: input.cep, position: position.source === "approximate" ? null : { lat: position.lat, lon: position.lon } },
      { reader: tx },
    );
    if (duplicates.length && !input.confirmDuplicate) throw new AppError(422, DUPLICATE_MESSAGES.form(duplicates), "confirmDuplicate");
    for (let attempt = 1; attempt <= WORKPLACE_CODE_ATTEMPTS; attempt++) {
      const code = generate();
      const [created] = await tx
        .insert(workplaces)
        .values({
          code,
          name: input.name,
          address: input.address,
          neighbourhood: input.neighbourhood || null,
          city: input.city,
          state: input.state,
          cep: input.cep,
          phone: input.phone,
          email: input.email,
          lat: position.lat,
          lon: position.lon,
          positionSource: position.source,
          createdBy: actor.id,
        })
        .onConflictDoNothing({ target: workplaces.code })
        .returning({ id: workplaces.id, code: workplaces.code });
      if (!created) continue;
      await recordAudit(tx, actor, "workplace.created", created.id, {
        code,
        name: input.name,
        city: input.city,
        positionSource: position.source,
        ...(duplicates.length ? { confirmedNotDuplicateOf: duplicates.map((d) => d.code) } : {}),
      });
      if (position.source === "approximate") {
        await enqueue(GEOCODE_WORKPLACE_JOB, { workplaceId: created.id }, { tx, singletonKey: created.id });
      }
      return created;
    }
    throw new AppError(409, WORKPLACE_MESSAGES.codeExhausted);
  });
}
