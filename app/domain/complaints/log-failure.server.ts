import { z } from "zod";
import { isAppError } from "~/utils/app-error";
import { log } from "~/utils/logger.server";

/** Refusals the routes answer themselves (guards, validation, use-case refusals): not failures. */
export function isExpectedRefusal(error: unknown) {
  return (
    error instanceof Response ||
    error instanceof z.ZodError ||
    isAppError(error) ||
    (!!error && typeof error === "object" && (error as { type?: string }).type === "DataWithResponseInit")
  );
}

/**
 * Logs an unexpected failure on a complaint path without its data. A failed query's message
 * carries the SQL and its parameters (a complaint's text, a receipt hash, a reply); only the
 * database's own reason and code are kept, never the query, the parameters or the request.
 */
export function logComplaintFailure(message: string, error: unknown) {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const reason = cause instanceof Error ? cause.message : String(cause);
  const code = cause && typeof cause === "object" && "code" in cause ? String((cause as { code: unknown }).code) : undefined;
  const failedQuery = error instanceof Error && error.message.startsWith("Failed query");
  log.error(message, { error: failedQuery && cause === error ? "consulta ao banco falhou" : reason.split("\n")[0].slice(0, 300), code });
}
