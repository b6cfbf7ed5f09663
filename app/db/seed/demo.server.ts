import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { hashPassword } from "~/auth/password.server";
import { ROLES, ROLE_LABELS } from "~/auth/permissions";
import { seedDemoAgreements } from "~/domain/agreements/seed-agreements.server";
import { seedDemoNews } from "~/domain/news/seed-news.server";
import { seedDemoContactMessages } from "~/domain/contacts/seed-contact-messages.server";
import { seedInstitutionalContent } from "~/domain/content/update-content.server";
import { seedDemoPartners } from "~/domain/partners/seed-partners.server";
import { seedDemoComplaints } from "~/domain/complaints/seed-complaints.server";

export const DEMO_PASSWORD = "Demo@2026";

/** One staff user per role; username equal to the role (README lists them). */
export async function seedDemoUsers() {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db()
    .insert(users)
    .values(
      ROLES.map((role) => ({
        username: role,
        name: `Demo ${ROLE_LABELS[role]}`,
        email: `${role}@demo.sindicato.local`,
        role,
        passwordHash,
        isDemo: true,
      })),
    )
    .onConflictDoNothing();
}

/** Every demo seeder, in dependency order. Later features append theirs. */
const SEEDERS: Array<() => Promise<void>> = [seedDemoUsers, seedDemoAgreements, seedDemoContactMessages, seedInstitutionalContent, seedDemoPartners, seedDemoNews, seedDemoComplaints];

export async function seedDemo() {
  for (const seed of SEEDERS) await seed();
}
