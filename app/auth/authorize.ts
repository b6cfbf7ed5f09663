import { AppError } from "~/utils/app-error";
import type { Role } from "./roles";
import { can, FORBIDDEN_MESSAGE, type Action } from "./screens";

/** Who performs a use case: the signed-in user, as the guard returns it. */
export type Actor = { id: string; username: string; role: Role };

/**
 * The one check a use case makes before it reads or writes (ADR 072): the action map beside
 * the role table. Refused → AppError 403, which the pipeline answers as HTTP 403.
 */
export function authorize(actor: Pick<Actor, "role">, action: Action): void {
  if (!can(actor.role, action)) throw new AppError(403, FORBIDDEN_MESSAGE);
}
