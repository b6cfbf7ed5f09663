import type { SessionUser } from "~/auth/session.server";
import { lookupCep, type CepAddress } from "~/integrations/cep.server";
import { isExternalServiceError } from "~/integrations/external-service.server";
import { isValidCep } from "~/lib/br/cep";
import { BR_MESSAGES } from "~/lib/br/messages";
import { AppError } from "~/utils/app-error";
import { hitRateLimit } from "~/utils/rate-limit.server";

/** 429 with the time to wait, for the Retry-After header. */
export class RateLimitedError extends AppError {
  constructor(public readonly retryAfterSeconds: number) {
    super(429, BR_MESSAGES.cepRateLimited, "cep");
  }
}

/**
 * A staff member's CEP look-up for a form (GET /api/cep/:cep). Any signed-in staff role may
 * look up (the route's guard says who is staff); each user is limited to
 * RATE_LIMITS.cepLookup. Refusals are AppErrors with the message the form shows:
 * 400 not 8 digits, 404 not found, 429 too many, 502 the service failed or timed out.
 */
export async function lookupCepForStaff(actor: Pick<SessionUser, "id">, cep: string): Promise<CepAddress> {
  if (!isValidCep(cep)) throw new AppError(400, BR_MESSAGES.cepNotFound, "cep");
  const limit = await hitRateLimit("cepLookup", actor.id);
  if (!limit.allowed) throw new RateLimitedError(limit.retryAfterSeconds);
  let result;
  try {
    result = await lookupCep(cep);
  } catch (error) {
    if (isExternalServiceError(error)) throw new AppError(502, BR_MESSAGES.cepUnavailable, "cep");
    throw error;
  }
  if (!result.found) throw new AppError(404, BR_MESSAGES.cepNotFound, "cep");
  return result.address;
}
