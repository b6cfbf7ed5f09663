import { randomUUID } from "node:crypto";
import { users } from "~/db/schema";
import { hashPassword } from "~/auth/password.server";
import { requiresTwoFactor, type Role } from "~/auth/roles";
import { deriveKey, encryptTotpSecret } from "~/auth/totp.server";
import { readAppSecret } from "~/utils/secrets.server";
import { asLogin, nextSequence, personName, uniqueSuffix, type FactoryDb } from "./support";

export type UserRow = typeof users.$inferSelect;
/**
 * A created user with the plain password it was given, so a test can sign in as it (the role
 * typed: the database's check constraint holds it to the role list).
 */
export type CreatedUser = Omit<UserRow, "role"> & { role: Role; password: string };
export type UserOverrides = Partial<Omit<typeof users.$inferInsert, "role" | "passwordHash" | "totpSecret" | "totpEnabledAt">> & {
  role?: Role;
  /**
   * The TOTP secret (base32) the user is enrolled with, stored encrypted as the app stores it;
   * null for none. Default: KNOWN_TOTP_SECRET for the roles that require a second factor.
   */
  totpSecret?: string | null;
  /** Plain password; hashed with the app's Argon2id settings. */
  password?: string;
  /** A hash already computed (the seed hashes the demo password once for every user). */
  passwordHash?: string;
};

/**
 * The TOTP secret of the demo accounts, published in the README so a visitor can add it to an
 * authenticator app (ADR 186), and the default of factory users of the roles that require a
 * second factor, so the test support computes their codes (ADR 187). Never a real account's.
 */
export const KNOWN_TOTP_SECRET = "SINDBOMBEIROSDFDEMO2FA234567ABCD";

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
  const { password, passwordHash, totpSecret, ...values } = buildUser(overrides);
  const id = values.id ?? randomUUID();
  const secret = totpSecret === undefined ? (requiresTwoFactor(values.role) ? KNOWN_TOTP_SECRET : null) : totpSecret;
  // The key the server derives from SESSION_SECRET, or from the secret kept in this database.
  const key = secret ? deriveKey(await readAppSecret(db, process.env.SESSION_SECRET || undefined), "totp-secret-v1") : null;
  const [row] = await db
    .insert(users)
    .values({
      ...values,
      id,
      passwordHash: passwordHash ?? (await hashOnce(password)),
      totpSecret: secret && key ? encryptTotpSecret(secret, id, key) : null,
      totpEnabledAt: secret ? new Date() : null,
    })
    .returning();
  return { ...row, role: row.role as Role, password };
}
