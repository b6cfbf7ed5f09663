import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { sha256Hex } from "~/utils/crypto.server";

/**
 * The TOTP primitives of the staff second factor (ADR 185): RFC 6238 with SHA-1, 6 digits and
 * 30-second steps (what every authenticator app reads from a QR code), through `otpauth`.
 * Pure functions over keys handed in: the use cases (two-factor.server.ts) bring the database.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of now: one (±30 s) for a phone whose clock drifts a little. */
export const TOTP_WINDOW = 1;
export const TOTP_ISSUER = "Sindicato Bombeiros DF";
export const RECOVERY_CODE_COUNT = 10;

/** A 256-bit key for one purpose, derived from the app secret (SESSION_SECRET) with HKDF. */
export function deriveKey(appSecret: string, purpose: "totp-secret-v1" | "totp-enrolment-v1"): Buffer {
  return Buffer.from(hkdfSync("sha256", appSecret, "", purpose, 32));
}

/**
 * The stored form of a TOTP secret: `v1.` + base64url(iv ‖ tag ‖ ciphertext), AES-256-GCM with
 * the user's id as additional data, so a secret copied onto another user's row does not open.
 */
export function encryptTotpSecret(base32: string, userId: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(userId));
  const ciphertext = Buffer.concat([cipher.update(base32, "utf8"), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url")}`;
}

/** The secret, or null when it does not open (another key: SESSION_SECRET changed; or tampered). */
export function decryptTotpSecret(stored: string, userId: string, key: Buffer): string | null {
  if (!stored.startsWith("v1.")) return null;
  try {
    const raw = Buffer.from(stored.slice(3), "base64url");
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/**
 * The secret offered while enrolling: 160 bits derived from the session and the user with a
 * server key, so reloading the page (or a phone discarding the tab) shows the same QR code and
 * nothing is written before the first valid code confirms it. A new sign-in gives a new one.
 */
export function enrolmentSecret(key: Buffer, sessionId: string, userId: string): string {
  const bytes = createHmac("sha256", key).update(`${userId}:${sessionId}`).digest().subarray(0, 20);
  return new Secret({ buffer: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer }).base32;
}

function totp(base32: string, label = "") {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    secret: Secret.fromBase32(base32),
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** The time step of a moment (RFC 6238's T). */
export function totpStep(timestamp = Date.now()) {
  return Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of a step (tests and the demo's hint). */
export function totpCode(base32: string, timestamp = Date.now()) {
  return totp(base32).generate({ timestamp });
}

/** The time step a 6-digit code belongs to, within the window; null when it matches none. */
export function matchTotp(base32: string, code: string, timestamp = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(base32).validate({ token: code, timestamp, window: TOTP_WINDOW });
  return delta === null ? null : totpStep(timestamp) + delta;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(base32: string, username: string) {
  return totp(base32, username).toString();
}

/** `ABCD EFGH …`: the secret in groups of four, for typing it into an app by hand. */
export function groupSecret(base32: string) {
  return base32.replace(/(.{4})(?=.)/g, "$1 ");
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The QR code of the URI as an SVG data URL (rendered on the server; the CSP allows data: images). */
export async function totpQrDataUrl(uri: string, alt: string) {
  const raw = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
  const svg = raw.trim().replace(/^<svg /, `<svg role="img" aria-label="${escapeXml(alt)}" `);
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

// Crockford's base32 alphabet: no i, l, o or u, so a code read aloud or copied by hand survives.
const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** Ten codes like `4f7k-m2qz-x9ad` (60 random bits each). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

/** A typed recovery code in its canonical form (case, spaces and dashes ignored; i/l → 1, o → 0), or null. */
export function normalizeRecoveryCode(input: string): string | null {
  const s = input.toLowerCase().replace(/[\s-]/g, "").replace(/[il]/g, "1").replace(/o/g, "0");
  return /^[0-9a-hjkmnp-tv-z]{12}$/.test(s) ? s : null;
}

/**
 * What is stored for a recovery code: SHA-256 over the user's id and the canonical code. The
 * codes are 60 random bits, so a slow hash would add little and cost up to ten Argon2 runs per
 * attempt; the user id keeps one table of hashes from serving every account.
 */
export function hashRecoveryCode(userId: string, canonical: string) {
  return sha256Hex(`${userId}:${canonical}`);
}
