import { isIP } from "node:net";

/** Express's `trust proxy`: off, a hop count, or the proxies' addresses/CIDRs (ADR 091). */
export type TrustProxy = false | number | string[];

const NAMED = new Set(["loopback", "linklocal", "uniquelocal"]);

function invalid(raw: string) {
  return new Error(
    `TRUST_PROXY inválido (${JSON.stringify(raw)}): use false, o número de proxies à frente da aplicação (ex.: 1) ` +
      "ou a lista de endereços/CIDRs dos proxies (ex.: 10.0.0.5,10.1.0.0/16 ou loopback).",
  );
}

function validEntry(entry: string) {
  if (NAMED.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY. Only the declared hops are trusted, so the client address is the right-most
 * X-Forwarded-For entry that a declared proxy wrote — never the left-most one, which the client
 * itself writes.
 * - unset, "", false, 0, no → off (X-Forwarded-* ignored);
 * - N (1–10) → N proxies in front; "true"/"yes" mean 1 (one reverse proxy, the usual case);
 * - a comma-separated list of addresses/CIDRs (or loopback, linklocal, uniquelocal) → trust
 *   exactly those proxies, whatever their number.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? "").trim().toLowerCase();
  if (value === "" || value === "false" || value === "0" || value === "no") return false;
  if (value === "true" || value === "yes") return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > 10) throw invalid(raw!);
    return hops;
  }
  const entries = value.split(",").map((e) => e.trim());
  if (entries.length === 0 || !entries.every(validEntry)) throw invalid(raw!);
  return entries;
}
