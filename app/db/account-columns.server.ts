import { users } from "./schema";

/**
 * A staff account's columns as the app reads them for a person (the session, the users list):
 * never the password hash, the TOTP secret or the recovery codes, which only the sign-in and
 * two-factor use cases read, by name.
 */
export const accountColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  role: users.role,
  active: users.active,
  totpEnabledAt: users.totpEnabledAt,
} as const;
