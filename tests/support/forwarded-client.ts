import { Client } from "./http";

/**
 * A test client whose requests all come, through one trusted proxy hop (the server runs with
 * TRUST_PROXY=1), from `ip`: the per-address limits of one test never touch another's.
 */
export function clientFrom(base: string, ip: string) {
  const c = new Client(base);
  const request = c.request.bind(c);
  c.request = (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has("X-Forwarded-For")) headers.set("X-Forwarded-For", ip);
    return request(path, { ...init, headers });
  };
  return c;
}

/**
 * A new address on each call (`198.18.7.1`, `198.18.7.2`, …), for the requests a test sends
 * through the trusted proxy: each gets its own per-address limits.
 */
export function addressSequence(prefix: string) {
  let n = 0;
  return () => `${prefix}.${++n}`;
}
