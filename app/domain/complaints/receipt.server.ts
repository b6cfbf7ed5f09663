import { randomInt } from "node:crypto";
import { hashRaw } from "@node-rs/argon2";
import { hmacHex } from "~/utils/crypto.server";
import { appSecret } from "~/utils/secrets.server";

/**
 * Receipt codes of anonymous complaints (ADR 060).
 *
 * The code is 16 random decimal digits (~53 bits), shown to the reporter once and never stored.
 * Only an Argon2id hash is stored. The salt is app-wide and the pepper secret, both derived from
 * appSecret(), so the same code always gives the same hash and can be found by equality in
 * complaints.receipt_hash (a per-row salt would force hashing against every row).
 */

const VERSION = "a2id1";
// OWASP's Argon2id baseline (19 MiB, t=2, p=1), as for passwords.
const PARAMS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

let keys: Promise<{ salt: Buffer; secret: Buffer }> | undefined;
let keysFor: string | undefined;

async function receiptKeys() {
  const s = await appSecret();
  if (!keys || keysFor !== s) {
    keysFor = s;
    keys = Promise.resolve({
      salt: Buffer.from(hmacHex(s, "complaint-receipt:salt"), "hex").subarray(0, 16),
      secret: Buffer.from(hmacHex(s, "complaint-receipt:pepper"), "hex"),
    });
  }
  return keys;
}

/** A fresh random 16-digit code (uniform; leading zeros allowed). */
export function generateReceiptCode() {
  let code = "";
  for (let i = 0; i < 16; i++) code += String(randomInt(10));
  return code;
}

/** The stored form of a code: `a2id1$<hex>`. Expects the 16 digits already normalised. */
export async function hashReceiptCode(code: string) {
  if (!/^\d{16}$/.test(code)) throw new Error("código de acompanhamento inválido");
  const { salt, secret } = await receiptKeys();
  const raw = await hashRaw(code, { ...PARAMS, salt, secret });
  return `${VERSION}$${raw.toString("hex")}`;
}
