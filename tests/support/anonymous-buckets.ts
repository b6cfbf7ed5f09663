import { anonymousBucket, anonymousThrottleKey, anonymousWindow } from "~/utils/anonymous-throttle";
import { RATE_LIMITS } from "~/utils/rate-limit.server";

/**
 * "Another address is not affected" for an anonymous throttle (ADR 090): the first of `candidates`
 * whose bucket in the current window differs from `from`'s. Addresses share one of 1,024 buckets
 * by design, so a fixed second address collides with the first once in 1,024 secrets or windows,
 * and is then refused for a good reason.
 */
export function addressInAnotherBucket(
  sessionSecret: string,
  name: "complaintForm" | "receiptLookup",
  from: string,
  candidates: string[],
): string {
  const key = anonymousThrottleKey(sessionSecret);
  const index = anonymousWindow(RATE_LIMITS[name].windowSeconds);
  const bucket = (address: string) => anonymousBucket(key, name, index, address);
  const other = candidates.find((address) => bucket(address) !== bucket(from));
  if (!other) throw new Error(`nenhum dos endereços está fora do balde de ${from}`);
  return other;
}
