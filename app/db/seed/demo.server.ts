import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { createUser, KNOWN_TOTP_SECRET } from "~/db/factories/users";
import { requiresTwoFactor, ROLES, ROLE_LABELS } from "~/auth/roles";
import { seedDemoAgreements } from "~/db/seed/agreements.server";
import { seedDemoNews } from "~/db/seed/news.server";
import { seedDemoContactMessages } from "~/db/seed/contact-messages.server";
import { seedInstitutionalContent } from "./content.server";
import { seedDemoPartners } from "~/db/seed/partners.server";
import { seedDemoComplaints } from "~/db/seed/complaints.server";
import { seedDemoAudit } from "~/db/seed/audit.server";
import { seedDemoMembers } from "~/db/seed/members.server";
import { seedDemoField } from "~/db/seed/field.server";
import { seedDemoServiceRecords } from "~/db/seed/services.server";
import { seedDemoFinance } from "~/db/seed/finance.server";
import { seedDemoPixSettings } from "~/domain/finance/pix-settings.server";

export const DEMO_PASSWORD = "Demo@2026";
/**
 * The TOTP secret of the demo users of the roles that require a second factor, published in the
 * README (ADR 186): they are seeded already enrolled with it, and the code step shows them the
 * current code. The other demo users start without a second factor.
 */
export const DEMO_TOTP_SECRET = KNOWN_TOTP_SECRET;

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
      totpSecret: requiresTwoFactor(role) ? DEMO_TOTP_SECRET : null,
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
