import { createHmac } from "node:crypto";

/**
 * Throttle counters of the anonymous complaint channel (ADR 090). A requester's address is
 * mapped to one of only 1024 buckets per window, by an HMAC under a key that never reaches the
 * database (SESSION_SECRET-derived, or random per process) and changes meaning every window.
 * Even with the key, a bucket stands for 1/1024 of all addresses — 64 of any /16 on average —
 * so a counter can neither be traced back to an address nor confirm one.
 */
export const ANONYMOUS_BUCKETS = 1024;

/** The counters' key from SESSION_SECRET (shared by every instance, never stored). */
export function anonymousThrottleKey(sessionSecret: string): Buffer {
  return createHmac("sha256", sessionSecret).update("anonymous-throttle").digest();
}

/** The clock window (its number) an anonymous counter of `windowSeconds` counts in at `now`. */
export function anonymousWindow(windowSeconds: number, now = Date.now()): number {
  return Math.floor(now / 1000 / windowSeconds);
}

export function anonymousBucket(key: string | Buffer, name: string, windowIndex: number, subject: string): number {
  const normalised = subject
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  const mac = createHmac("sha256", key).update(`${name}\n${windowIndex}\n${normalised}`).digest();
  return mac.readUInt32BE(0) % ANONYMOUS_BUCKETS;
}
