import { users } from "~/db/schema";
import { hashPassword } from "~/auth/password.server";
import type { Role } from "~/auth/permissions";
import { asLogin, nextSequence, personName, uniqueSuffix, type FactoryDb } from "./support";

export type UserRow = typeof users.$inferSelect;
/**
 * A created user with the plain password it was given, so a test can sign in as it (the role
 * typed: the database's check constraint holds it to the role list).
 */
export type CreatedUser = Omit<UserRow, "role"> & { role: Role; password: string };
export type UserOverrides = Partial<Omit<typeof users.$inferInsert, "role" | "passwordHash">> & {
  role?: Role;
  /** Plain password; hashed with the app's Argon2id settings. */
  password?: string;
  /** A hash already computed (the seed hashes the demo password once for every user). */
  passwordHash?: string;
};

/** The password every factory user gets unless told otherwise (meets the strength rules). */
export const FACTORY_PASSWORD = "Teste@2026";

// Argon2id is slow on purpose; a test file that creates eight users hashes each password once.
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string) {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** A staff user's values: a fictitious pt-BR name, a unique username and e-mail, role secretaria. */
export function buildUser(overrides: UserOverrides = {}) {
  const n = nextSequence("user");
  const name = overrides.name ?? personName(n);
  const username = overrides.username ?? `${asLogin(name)}.${uniqueSuffix(n)}`;
  return {
    username,
    name,
    email: `${username}@exemplo.com.br`,
    active: true,
    isDemo: false,
    password: FACTORY_PASSWORD,
    ...overrides,
    role: overrides.role ?? ("secretaria" as Role),
  };
}

export async function createUser(db: FactoryDb, overrides: UserOverrides = {}): Promise<CreatedUser> {
  const { password, passwordHash, ...values } = buildUser(overrides);
  const [row] = await db
    .insert(users)
    .values({ ...values, passwordHash: passwordHash ?? (await hashOnce(password)) })
    .returning();
  return { ...row, role: row.role as Role, password };
}
