import { db } from "~/db/client.server";
import { members } from "~/db/schema";
import { createMembers } from "~/db/factories/members";
import { DF_REGIONS, SITUATION_CODES, STATUS_FOR_SITUATION } from "~/domain/members/member-options";
import { hasRows } from "./has-rows.server";

/**
 * The demo member of the Área do Filiado (issue 23, README): matrícula 2, with an e-mail, a paid
 * month, overdue months and this month open (seedDemoFinance's pattern for the 2nd active member).
 * The sign-in code goes to this address: read it in `data/outbox/` (no SMTP_URL in the demo).
 */
export const DEMO_MEMBER = { name: "Joana Demonstração Ferreira", cpf: "52998224725", email: "filiado@demo.sindicato.local" } as const;

/** How many demo members: enough for several pages, every situação and many DF regions. */
export const DEMO_MEMBER_COUNT = 60;

/**
 * About 60 fictitious members (valid CPFs, accented names, DF addresses) through the factory,
 * across all situação codes and regions; only when the register is empty, so real data is never
 * touched. Numbered from 1 like a fresh register.
 */
export async function seedDemoMembers() {
  if (await hasRows(members)) return;
  await createMembers(db(), DEMO_MEMBER_COUNT, (i) => {
    const region = DF_REGIONS[(i * 7) % DF_REGIONS.length];
    // Mostly active; every code appears several times.
    const situation = i % 5 === 0 ? SITUATION_CODES[(i / 5) % SITUATION_CODES.length] : 1;
    const demo = i === 1 ? DEMO_MEMBER : {};
    return { city: region, region, situation, status: STATUS_FOR_SITUATION[situation], ...demo };
  });
}
