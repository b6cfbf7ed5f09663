import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { createUser } from "~/db/factories/users";
import { ROLES, ROLE_LABELS } from "~/auth/permissions";
import { seedDemoAgreements } from "~/domain/agreements/seed-agreements.server";
import { seedDemoNews } from "~/domain/news/seed-news.server";
import { seedDemoContactMessages } from "~/domain/contacts/seed-contact-messages.server";
import { seedInstitutionalContent } from "~/domain/content/update-content.server";
import { seedDemoPartners } from "~/domain/partners/seed-partners.server";
import { seedDemoComplaints } from "~/domain/complaints/seed-complaints.server";
import { seedDemoAudit } from "~/domain/audit/seed-audit.server";
import { seedDemoMembers } from "~/domain/members/seed-members.server";
import { seedDemoField } from "~/domain/field/seed-field.server";
import { seedDemoServiceRecords } from "~/domain/services/seed-services.server";
import { seedDemoFinance } from "~/domain/finance/seed-finance.server";
import { seedDemoPixSettings } from "~/domain/finance/pix-settings.server";

export const DEMO_PASSWORD = "Demo@2026";

/** One staff user per role; username equal to the role (README lists them). */
export async function seedDemoUsers() {
  const existing = new Set((await db().select({ username: users.username }).from(users)).map((u) => u.username));
  for (const role of ROLES) {
    if (existing.has(role)) continue;
    await createUser(db(), {
      username: role,
      name: `Demo ${ROLE_LABELS[role]}`,
      email: `${role}@demo.sindicato.local`,
      role,
      password: DEMO_PASSWORD,
      isDemo: true,
    });
  }
}

/**
 * Every demo seeder by name, in dependency order (users first: the others sign their rows with
 * the demo staff). Each writes through the factories in app/db/factories and leaves existing
 * data alone. Later features append theirs.
 */
export const DEMO_SEEDERS = {
  users: seedDemoUsers,
  agreements: seedDemoAgreements,
  contacts: seedDemoContactMessages,
  content: seedInstitutionalContent,
  partners: seedDemoPartners,
  news: seedDemoNews,
  complaints: seedDemoComplaints,
  audit: seedDemoAudit,
  members: seedDemoMembers,
  field: seedDemoField,
  services: seedDemoServiceRecords,
  finance: seedDemoFinance,
  pix: seedDemoPixSettings,
} satisfies Record<string, () => Promise<void>>;

export type DemoSeedPart = keyof typeof DEMO_SEEDERS;

/** The whole demo, or only the parts named (tests that exercise the demo itself). */
export async function seedDemo(parts: readonly DemoSeedPart[] = Object.keys(DEMO_SEEDERS) as DemoSeedPart[]) {
  for (const [name, seed] of Object.entries(DEMO_SEEDERS)) {
    if (parts.includes(name as DemoSeedPart)) await seed();
  }
}
