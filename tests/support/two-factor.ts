import { totpCode, totpStep, TOTP_PERIOD_SECONDS } from "~/auth/totp.server";
import { KNOWN_TOTP_SECRET } from "~/db/factories/users";

/**
 * The second factor in the test support (ADR 187): the sign-in helpers (Client.login, the
 * browser's loginAs) pass the code step by computing the real TOTP code of the user's secret,
 * and enrol a user that must enrol by reading the key from the enrolment page. The server checks
 * every code as in production.
 *
 * The one thing that does not fit tests is the replay rule: a user signed in twice within 30
 * seconds would type the same code twice, and the second is refused. So before a helper's
 * sign-in, the user's last used step is cleared through the in-process server's own database
 * handle (what waiting for the next step would achieve, minus the wait). For a server in another
 * process the helper instead uses the next step it has not used yet, and waits when it must.
 */

type Query = (text: TemplateStringsArray, ...values: unknown[]) => Promise<unknown[]>;

const databases = new Map<string, Query>();
/** Secrets the helpers learnt by enrolling a user (by server and username). */
const learnt = new Map<string, string>();
/** Steps a helper used without a database handle (by server and username). */
const used = new Map<string, number>();

const key = (base: string, username: string) => `${base}|${username.trim().toLowerCase()}`;

/** Called by startTestServer: the helpers may clear the replay marker on this server. */
export function registerServerDatabase(url: string, query: Query) {
  databases.set(url, query);
}

export function forgetServerDatabase(url: string) {
  databases.delete(url);
}

/** The secret the helpers type codes from: one they enrolled, else the factories' and the demo's. */
export function secretFor(base: string, username: string) {
  return learnt.get(key(base, username)) ?? KNOWN_TOTP_SECRET;
}

export function rememberSecret(base: string, username: string, secret: string) {
  learnt.set(key(base, username), secret.replace(/\s/g, "").toUpperCase());
}

/** A code the server will accept now for `username` (not a replay), per the note above. */
export async function freshCode(base: string, username: string): Promise<string> {
  const secret = secretFor(base, username);
  const query = databases.get(base);
  if (query) {
    await query`update users set totp_last_step = null where username = ${username.trim().toLowerCase()}`;
    return totpCode(secret);
  }
  const k = key(base, username);
  const now = totpStep();
  const step = Math.max(now - 1, (used.get(k) ?? -Infinity) + 1);
  // The server accepts one step either side of now: a later one has to wait for its turn.
  if (step > now + 1) await new Promise((r) => setTimeout(r, ((step - 1) * TOTP_PERIOD_SECONDS + 1) * 1000 - Date.now()));
  used.set(k, step);
  return totpCode(secret, step * TOTP_PERIOD_SECONDS * 1000);
}

/** Marks the step of an enrolment's code as used (servers without a database handle). */
export function noteCodeUsed(base: string, username: string, timestamp = Date.now()) {
  const k = key(base, username);
  used.set(k, Math.max(used.get(k) ?? -Infinity, totpStep(timestamp)));
}

/** The key shown on the enrolment page (`ABCD EFGH …`), from its HTML. */
export function secretFromEnrolmentPage(html: string): string {
  const match = /data-testid="totp-secret"[^>]*>([A-Z2-7 ]+)</.exec(html);
  if (!match) throw new Error("a página de ativação não mostrou a chave");
  return match[1].replace(/\s/g, "");
}
