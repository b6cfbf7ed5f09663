import { requireAccess } from "~/auth/guard.server";
import type { SessionUser } from "~/auth/session.server";
import { isAppError } from "./app-error";
import { errorFields, log } from "./logger.server";

/** The answers every JSON endpoint shares. */
export const API_MESSAGES = {
  signedOut: "Sua sessão expirou. Entre novamente.",
  unavailable: "Não foi possível consultar agora. Tente novamente.",
} as const;

/** A JSON answer that is never cached. */
export function apiJson(status: number, body: unknown, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

type ApiOptions = {
  /** The body of a refusal, from its message (default `{ message }`). */
  shape?: (message: string) => Record<string, unknown>;
  /** The message of a 503 when the use case fails unexpectedly (the database, a bug). */
  unavailable?: string;
  /** What the log line says on that failure. */
  failure?: string;
};

/**
 * The one way a staff JSON endpoint answers (ADR 221): the role table checks the screen
 * (`resource: true`, so a refused role gets a 403, not a page redirect); signed out is a 401
 * JSON with one text; the use case's answer is a 200; its refusal (an AppError) is its status
 * and pt-BR message, with `Retry-After` when it says when to retry; anything else is logged
 * and answered 503, which the forms read as "fill in by hand".
 */
export async function apiLoader(
  request: Request,
  screen: string,
  run: (actor: SessionUser, url: URL) => Promise<unknown>,
  options: ApiOptions = {},
) {
  const shape = options.shape ?? ((message: string) => ({ message }));
  let actor: SessionUser;
  try {
    actor = await requireAccess(request, { screen, resource: true });
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) return apiJson(401, shape(API_MESSAGES.signedOut));
    throw error;
  }
  try {
    return apiJson(200, await run(actor, new URL(request.url)));
  } catch (error) {
    if (isAppError(error)) {
      const retry = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      return apiJson(error.status, shape(error.message), typeof retry === "number" ? { "Retry-After": String(retry) } : {});
    }
    log.error(options.failure ?? "consulta da API falhou", { ...errorFields(error), screen });
    return apiJson(503, shape(options.unavailable ?? API_MESSAGES.unavailable));
  }
}
