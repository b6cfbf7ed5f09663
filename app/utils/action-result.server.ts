import { data } from "react-router";
import { z } from "zod";
import { isAppError } from "./app-error";
import { fieldErrors } from "./forms";
import type { ActionResult } from "./action-result";
import { log, errorFields } from "./logger.server";

export function ok(message: string, extra: Partial<ActionResult> = {}) {
  return data<ActionResult>({ ok: true, message, ...extra });
}

export function fail(status: number, message: string, errors?: Record<string, string>, intent?: string) {
  return data<ActionResult>({ ok: false, message, errors, intent }, { status });
}

/**
 * Turns what a use case threw into the original's message and a 4xx: validation errors and
 * AppErrors carry their own text; anything unexpected is logged and answered with `fallback`.
 * Responses thrown by guards pass through untouched.
 */
export function failFrom(error: unknown, fallback: string, intent?: string) {
  if (error instanceof Response) throw error;
  if (error && typeof error === "object" && "type" in error && (error as { type: string }).type === "DataWithResponseInit") throw error;
  if (error instanceof z.ZodError) {
    const errors = fieldErrors(error);
    return fail(400, Object.values(errors)[0] ?? fallback, errors, intent);
  }
  if (isAppError(error)) {
    return fail(error.status, error.message, error.field ? { [error.field]: error.message } : undefined, intent);
  }
  log.error(fallback, errorFields(error));
  return fail(500, fallback, undefined, intent);
}
