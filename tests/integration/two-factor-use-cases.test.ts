import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users, userRecoveryCodes } from "~/db/schema";
import { createUser, KNOWN_TOTP_SECRET } from "~/db/factories/users";
import { seedDemoUsers, DEMO_TOTP_SECRET } from "~/db/seed/demo.server";
import { checkSecondFactor, demoCodeHint, enableTwoFactor, renewRecoveryCodes } from "~/auth/two-factor.server";
import { decryptTotpSecret, deriveKey, enrolmentSecret, totpCode, totpStep } from "~/auth/totp.server";
import { requiresTwoFactor, ROLES, TWO_FACTOR_ROLES } from "~/auth/roles";
import { ACTION_ROLES } from "~/auth/screens";
import type { SessionUser } from "~/auth/session.server";
import { appSecret } from "~/utils/secrets.server";
import { resetUserTwoFactor } from "~/domain/users/reset-two-factor.server";
import { useUseCaseDatabase } from "../support/use-case-db";

/** Issue 18 §7 (ADR 185, 186): the second factor's rules, on the use cases. */
const t = useUseCaseDatabase();

const asSession = (
  u: { id: string; username: string; name: string; email: string; role: SessionUser["role"] },
  sessionId = "sessao-de-teste",
): SessionUser => ({
  id: u.id,
  username: u.username,
  name: u.name,
  email: u.email,
  role: u.role,
  sessionId,
  twoFactor: false,
});

let ip = 0;
const clientIp = () => `10.9.0.${++ip}`;

describe("who must use it", () => {
  it("is required of exactly admin, rh and secretaria: every role that sees full CPFs", () => {
    expect([...TWO_FACTOR_ROLES].sort()).toEqual(["admin", "rh", "secretaria"]);
    for (const role of ACTION_ROLES["members.cpf"]) expect(requiresTwoFactor(role), role).toBe(true);
    expect(ROLES.filter((r) => !requiresTwoFactor(r))).toEqual(["presidencia", "juridico", "financeiro", "homologacao", "campo"]);
  });
});

describe("enrolment and the stored secret", () => {
  it("stores the confirmed secret encrypted (bound to the user), its step as used, and 10 hashed recovery codes", async () => {
    const row = await createUser(t.db, { role: "juridico" });
    const user = asSession(row);
    const secret = enrolmentSecret(deriveKey(await appSecret(), "totp-enrolment-v1"), user.sessionId, user.id);
    // The offer is stable for the session (a reload shows the same QR code) and differs per session.
    expect(enrolmentSecret(deriveKey(await appSecret(), "totp-enrolment-v1"), user.sessionId, user.id)).toBe(secret);
    expect(enrolmentSecret(deriveKey(await appSecret(), "totp-enrolment-v1"), "outra-sessao", user.id)).not.toBe(secret);

    await expect(enableTwoFactor(user, "000000")).rejects.toMatchObject({ status: 400 });
    const { recoveryCodes } = await enableTwoFactor(user, totpCode(secret));
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/);

    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored.totpSecret).toMatch(/^v1\./);
    expect(stored.totpSecret).not.toContain(secret);
    expect(stored.totpLastStep).toBeGreaterThanOrEqual(totpStep() - 1);
    const key = deriveKey(await appSecret(), "totp-secret-v1");
    expect(decryptTotpSecret(stored.totpSecret!, user.id, key)).toBe(secret);
    // Copied onto another user's row, or read with another key, it does not open.
    expect(decryptTotpSecret(stored.totpSecret!, (await createUser(t.db, { role: "campo" })).id, key)).toBeNull();
    expect(
      decryptTotpSecret(stored.totpSecret!, user.id, deriveKey("outro-segredo-qualquer-de-32-caracteres", "totp-secret-v1")),
    ).toBeNull();

    const codes = await t.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id));
    expect(codes).toHaveLength(10);
    const hashes = codes.map((c) => c.codeHash).join(" ");
    for (const c of recoveryCodes) {
      expect(hashes).not.toContain(c);
      expect(hashes).not.toContain(c.replace(/-/g, ""));
    }
    // Enabling twice is refused.
    await expect(enableTwoFactor(user, totpCode(secret, Date.now() + 30_000))).rejects.toMatchObject({ status: 409 });
  });
});

describe("the code check", () => {
  it("accepts a code once: two requests with the same code, at the same time, let exactly one through", async () => {
    const user = await createUser(t.db, { role: "rh" });
    const code = totpCode(KNOWN_TOTP_SECRET);
    const results = await Promise.all([1, 2, 3].map(() => checkSecondFactor({ user, code, clientIp: clientIp(), allowRecovery: true })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refused = results.filter((r) => !r.ok);
    expect(refused.map((r) => !r.ok && r.message)).toEqual([
      expect.stringContaining("já foi usado"),
      expect.stringContaining("já foi usado"),
    ]);
    // The previous step's code is within the window but older than the one used: also refused.
    const earlier = await checkSecondFactor({
      user,
      code: totpCode(KNOWN_TOTP_SECRET, Date.now() - 30_000),
      clientIp: clientIp(),
      allowRecovery: true,
    });
    expect(earlier.ok).toBe(false);
    // The next step's code is still fine.
    expect(
      (await checkSecondFactor({ user, code: totpCode(KNOWN_TOTP_SECRET, Date.now() + 30_000), clientIp: clientIp(), allowRecovery: true }))
        .ok,
    ).toBe(true);
  });

  it("refuses a code outside the ±30 s window and anything not a code", async () => {
    const user = await createUser(t.db, { role: "secretaria" });
    for (const code of [totpCode(KNOWN_TOTP_SECRET, Date.now() - 120_000), "12345", "abcdef", "1234567", ""]) {
      const r = await checkSecondFactor({ user, code, clientIp: clientIp(), allowRecovery: true });
      expect(r, code).toMatchObject({ ok: false, status: 401 });
    }
  });

  it("spends a recovery code once, typed in any case, with or without dashes", async () => {
    const row = await createUser(t.db, { role: "admin" });
    const user = { ...asSession(row), twoFactor: true };
    const codes = await renewRecoveryCodes(user, totpCode(KNOWN_TOTP_SECRET), clientIp());
    const first = await checkSecondFactor({
      user,
      code: codes[0].toUpperCase().replace(/-/g, " "),
      clientIp: clientIp(),
      allowRecovery: true,
    });
    expect(first).toMatchObject({ ok: true, method: "recovery", remaining: 9 });
    const again = await checkSecondFactor({ user, code: codes[0], clientIp: clientIp(), allowRecovery: true });
    expect(again).toMatchObject({ ok: false, status: 401 });
    // Not where recovery codes are not taken (renewing the codes needs the app).
    expect((await checkSecondFactor({ user, code: codes[1], clientIp: clientIp(), allowRecovery: false })).ok).toBe(false);
    // Renewing replaces them all.
    const renewed = await renewRecoveryCodes(user, totpCode(KNOWN_TOTP_SECRET, Date.now() + 30_000), clientIp());
    expect((await checkSecondFactor({ user, code: codes[2], clientIp: clientIp(), allowRecovery: true })).ok).toBe(false);
    expect((await checkSecondFactor({ user, code: renewed[2], clientIp: clientIp(), allowRecovery: true })).ok).toBe(true);
  });

  it("locks the account's code step after 10 failures in 15 minutes, even for the right code", async () => {
    const user = await createUser(t.db, { role: "rh" });
    for (let i = 0; i < 10; i++) {
      expect((await checkSecondFactor({ user, code: "000000", clientIp: clientIp(), allowRecovery: true })).ok).toBe(false);
    }
    const locked = await checkSecondFactor({ user, code: totpCode(KNOWN_TOTP_SECRET), clientIp: clientIp(), allowRecovery: true });
    expect(locked).toMatchObject({
      ok: false,
      status: 429,
      message: expect.stringMatching(/Muitas tentativas de verificação\. Tente novamente em \d+ minutos?\./),
    });
    // Another account is not affected.
    const other = await createUser(t.db, { role: "rh" });
    expect(
      (await checkSecondFactor({ user: other, code: totpCode(KNOWN_TOTP_SECRET), clientIp: clientIp(), allowRecovery: true })).ok,
    ).toBe(true);
  });

  it("says so when the stored secret cannot be opened (SESSION_SECRET changed), with a 4xx", async () => {
    const user = await createUser(t.db, { role: "rh" });
    await t.db.update(users).set({ totpSecret: "v1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }).where(eq(users.id, user.id));
    const r = await checkSecondFactor({ user, code: totpCode(KNOWN_TOTP_SECRET), clientIp: clientIp(), allowRecovery: true });
    expect(r).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("administrador") });
  });
});

describe("admin reset", () => {
  it("clears the secret and the recovery codes; refuses one's own and other roles", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const target = await createUser(t.db, { role: "secretaria" });
    await renewRecoveryCodes({ ...asSession(target), twoFactor: true }, totpCode(KNOWN_TOTP_SECRET), clientIp());
    await expect(resetUserTwoFactor({ ...admin }, admin.id)).rejects.toMatchObject({ status: 400 });
    await expect(resetUserTwoFactor({ ...target }, admin.id)).rejects.toMatchObject({ status: 403 });
    await resetUserTwoFactor({ ...admin }, target.id);
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await t.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, target.id))).toEqual([]);
  });
});

describe("the demo (ADR 186)", () => {
  it("seeds the demo users of the required roles enrolled with the README's secret, the others without", async () => {
    await seedDemoUsers();
    const key = deriveKey(await appSecret(), "totp-secret-v1");
    for (const role of ROLES) {
      const [row] = await t.db.select().from(users).where(eq(users.username, role));
      if (requiresTwoFactor(role)) expect(decryptTotpSecret(row.totpSecret!, row.id, key), role).toBe(DEMO_TOTP_SECRET);
      else expect(row.totpSecret, role).toBeNull();
    }
  });

  it("shows the current code only to a demo account whose secret is still the published one", async () => {
    const demo = await createUser(t.db, { role: "admin", isDemo: true });
    expect(await demoCodeHint(demo.id)).toMatch(/^\d{6}$/);
    const real = await createUser(t.db, { role: "admin" });
    expect(await demoCodeHint(real.id)).toBeNull();
    const reEnrolled = await createUser(t.db, { role: "admin", isDemo: true, totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" });
    expect(await demoCodeHint(reEnrolled.id)).toBeNull();
  });
});
