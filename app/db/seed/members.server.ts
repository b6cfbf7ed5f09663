import { count } from "drizzle-orm";
import { db } from "~/db/client.server";
import { members } from "~/db/schema";
import { createMembers } from "~/db/factories/members";
import { DF_REGIONS, SITUATION_CODES, STATUS_FOR_SITUATION } from "~/domain/members/member-options";

/** How many demo members: enough for several pages, every situação and many DF regions. */
export const DEMO_MEMBER_COUNT = 60;

/**
 * About 60 fictitious members (valid CPFs, accented names, DF addresses) through the factory,
 * across all situação codes and regions; only when the register is empty, so real data is never
 * touched. Numbered from 1 like a fresh register.
 */
export async function seedDemoMembers() {
  const [{ n }] = await db().select({ n: count() }).from(members);
  if (n > 0) return;
  await createMembers(db(), DEMO_MEMBER_COUNT, (i) => {
    const region = DF_REGIONS[(i * 7) % DF_REGIONS.length];
    // Mostly active; every code appears several times.
    const situation = i % 5 === 0 ? SITUATION_CODES[(i / 5) % SITUATION_CODES.length] : 1;
    return { city: region, region, situation, status: STATUS_FOR_SITUATION[situation] };
  });
}
