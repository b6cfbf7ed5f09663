import { and, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { workplaces } from "~/db/schema";
import { geocodeAddress } from "~/integrations/geocoder.server";
import { defineJob, PermanentJobError } from "~/jobs/jobs.server";

export const GEOCODE_WORKPLACE_JOB = "geocode-workplace" as const;

/**
 * Geocodes one workplace's address in the background (brief item 5). The geocoder module keeps
 * to one request per second across every instance (it waits for its slot; a long queue is a
 * "busy" error and the job retries later). The answer is written only if the workplace still has
 * the address that was asked and its pin was not placed by hand meanwhile: a 'manual' position
 * is never overwritten. Not found: the approximate (hash) position stays, marked as such.
 */
export const geocodeWorkplaceJob = defineJob(
  GEOCODE_WORKPLACE_JOB,
  z.object({ workplaceId: z.uuid() }),
  async ({ payload, complete }) => {
    const [w] = await db().select().from(workplaces).where(eq(workplaces.id, payload.workplaceId));
    if (!w) throw new PermanentJobError("posto não encontrado");
    if (w.positionSource === "manual") return { skipped: "manual" };
    const result = await geocodeAddress(
      { source: "workplace", street: w.address, neighbourhood: w.neighbourhood, city: w.city, state: w.state, cep: w.cep },
      { maxWaitMs: 30_000 },
    );
    const sameAddress = and(
      eq(workplaces.id, w.id),
      ne(workplaces.positionSource, "manual"),
      eq(workplaces.address, w.address),
      eq(workplaces.city, w.city),
      eq(workplaces.state, w.state),
      eq(workplaces.cep, w.cep),
    );
    return complete(async (tx) => {
      if (result.found) {
        await tx
          .update(workplaces)
          .set({ lat: result.lat, lon: result.lon, positionSource: "geocoder", geocodeNotFoundAt: null, updatedAt: sql`now()` })
          .where(sameAddress);
        return { found: true };
      }
      await tx
        .update(workplaces)
        .set({ geocodeNotFoundAt: sql`now()` })
        .where(and(sameAddress, eq(workplaces.positionSource, "approximate")));
      return { found: false };
    });
  },
  { maxAttempts: 6, backoffSeconds: 30 },
);
