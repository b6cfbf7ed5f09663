/**
 * A staff account as the users screen shows it (issue 20 §4): a plain type and the mapper from
 * a `users` row. Never the password hash, the TOTP secret or the recovery codes: the mapper
 * picks the listed columns only. Not a .server module.
 */

export type UserListRow = {
  id: string;
  username: string;
  name: string;
  email: string;
  /** A role of the role table (~/auth/roles), as stored. */
  role: string;
  active: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
  /** When two-factor sign-in was turned on; null when it is off. */
  twoFactorSince: Date | null;
};

export function toUserListRow(u: Omit<UserListRow, "twoFactorSince"> & { totpEnabledAt: Date | null }): UserListRow {
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    email: u.email,
    role: u.role,
    active: u.active,
    createdAt: u.createdAt,
    lastLoginAt: u.lastLoginAt,
    twoFactorSince: u.totpEnabledAt,
  };
}
