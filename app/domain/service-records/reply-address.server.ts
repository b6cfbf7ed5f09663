import { hkdfSync } from "node:crypto";
import { env, appUrl } from "~/utils/env.server";
import { hmacHex, safeEqual } from "~/utils/crypto.server";
import { appSecret, readAppSecret } from "~/utils/secrets.server";
import type { Db, Tx } from "~/db/client.server";

/**
 * The requester's reply address and the e-mail thread of a service record (issue 22 §5, ADR 264).
 *
 * Address: `atendimento+<PROTOCOLO>-<código>@<SERVICE_REPLY_DOMAIN>`. The code is an HMAC of the
 * protocol under a key derived from the app secret: only someone who received a notice knows it,
 * so a protocol alone (printed on a receipt, guessable from its date) cannot post to a record.
 *
 * Thread: the first notice's Message-ID is the record's root `<PROTOCOLO@domínio>`; every later
 * notice has its own id and points to the root in In-Reply-To and References, so mail clients
 * keep a record's notices (and the requester's replies) in one conversation.
 */

export const REPLY_LOCAL_PART = "atendimento";
const TOKEN_LENGTH = 10;

export function replyDomain(): string | null {
  return env().SERVICE_REPLY_DOMAIN?.toLowerCase() ?? null;
}

/**
 * Inside a transaction the secret is read through it (on the embedded database a second
 * connection would wait for the transaction to end).
 */
async function tokenFor(protocol: string, handle?: Db | Tx) {
  const secret = handle ? await readAppSecret(handle, env().SESSION_SECRET) : await appSecret();
  const key = Buffer.from(hkdfSync("sha256", secret, "", "service-reply-address-v1", 32));
  return hmacHex(key, protocol.toUpperCase()).slice(0, TOKEN_LENGTH);
}

/**
 * The sender of the notices that invite a reply, or null when replies are not configured: the
 * name of MAIL_FROM followed by "Atendimento", at the reply domain. A notice that says "responda
 * a este e-mail" must not come from a "nao-responda@" address (issue 22, desk trial; ADR 264).
 */
export function replySender(): string | null {
  const domain = replyDomain();
  if (!domain) return null;
  const name = /^\s*"?([^"<]*?)"?\s*</.exec(env().MAIL_FROM)?.[1]?.trim() || "Sindicato";
  return `"${name} - Atendimento" <${REPLY_LOCAL_PART}@${domain}>`;
}

/** The record's Reply-To address, or null when replies by e-mail are not configured. */
export async function replyAddress(protocol: string, handle?: Db | Tx): Promise<string | null> {
  const domain = replyDomain();
  if (!domain) return null;
  return `${REPLY_LOCAL_PART}+${protocol}-${await tokenFor(protocol, handle)}@${domain}`;
}

export type ParsedReplyAddress = { ok: true; protocol: string } | { ok: false; reason: "not-ours" | "bad-token" };

/**
 * Reads a recipient address: the protocol when the address is one this app handed out (our
 * domain, our local part, a code that matches the protocol). Case-insensitive: some relays
 * lower-case the whole address.
 */
export async function parseReplyAddress(address: string): Promise<ParsedReplyAddress> {
  const domain = replyDomain();
  const m = /^([^+@\s]+)\+(sind[0-9]{14})-([0-9a-f]+)@([^@\s]+)$/i.exec(address.trim());
  if (!domain || !m || m[1].toLowerCase() !== REPLY_LOCAL_PART || m[4].toLowerCase() !== domain) return { ok: false, reason: "not-ours" };
  const protocol = m[2].toUpperCase();
  if (!safeEqual(m[3].toLowerCase(), await tokenFor(protocol))) return { ok: false, reason: "bad-token" };
  return { ok: true, protocol };
}

function messageIdDomain() {
  const configured = replyDomain();
  if (configured) return configured;
  try {
    return new URL(appUrl()).hostname || "localhost";
  } catch {
    return "localhost";
  }
}

/** The record's thread: the root id (the first notice's own) and this notice's headers. */
export function threadHeaders(protocol: string, entryId: number, created: boolean) {
  const root = `<${protocol}@${messageIdDomain()}>`;
  if (created) return { messageId: root };
  return { messageId: `<${protocol}.${entryId}@${messageIdDomain()}>`, inReplyTo: root, references: root };
}
