import { and, like, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { hitRateLimit, isRateLimited, RATE_LIMITS, retryMessage } from "~/utils/rate-limit.server";
import { AppError } from "~/utils/app-error";
import { COMPLAINT_MESSAGES } from "./complaint.schema";

/**
 * Throttling of the complaint channel. The requester's address is only ever handed to the
 * rate limiter, whose anonymous counters hold a window and one of 1024 buckets under a key that
 * never reaches the database; it is never stored, logged or returned. Counters of these limits
 * are deleted as soon as their window is over (ADRs 060, 090).
 */
export type Requester = { throttleKey: string };

async function purgeExpired() {
  const expired = (name: "complaintForm" | "receiptLookup") =>
    and(
      like(rateLimits.key, `${name}:%`),
      sql`${rateLimits.windowStart} < now() - make_interval(secs => ${RATE_LIMITS[name].windowSeconds})`,
    );
  await db()
    .delete(rateLimits)
    .where(or(expired("complaintForm"), expired("receiptLookup")));
}

/** Counts one complaint submission; refuses with 429 past the limit. */
export async function throttleSubmission(requester: Requester) {
  await purgeExpired();
  const r = await hitRateLimit("complaintForm", requester.throttleKey);
  if (!r.allowed) throw new AppError(429, COMPLAINT_MESSAGES.tooManySubmissions(retryMessage(r.retryAfterSeconds)));
}

/** Refuses before any work when this requester already used up its wrong-code attempts. */
export async function assertLookupAllowed(requester: Requester) {
  await purgeExpired();
  const r = await isRateLimited("receiptLookup", requester.throttleKey);
  if (!r.allowed) throw new AppError(429, COMPLAINT_MESSAGES.codeThrottled(retryMessage(r.retryAfterSeconds)), "code");
}

/** Counts one wrong code; the message tells the reporter when they are now blocked. */
export async function countWrongCode(requester: Requester): Promise<never> {
  const r = await hitRateLimit("receiptLookup", requester.throttleKey);
  if (r.count >= RATE_LIMITS.receiptLookup.max) {
    throw new AppError(429, COMPLAINT_MESSAGES.codeThrottled(retryMessage(r.retryAfterSeconds)), "code");
  }
  throw new AppError(404, COMPLAINT_MESSAGES.codeNotFound, "code");
}
