import { canAccessScreen, screenById, type Role } from "~/auth/permissions";
import { FORBIDDEN_MESSAGE } from "~/auth/guard.server";
import { AppError } from "~/utils/app-error";

export type Actor = { id: string; username: string; role: Role };

/** Use cases authorise themselves against the same role table the routes read. */
export function authorizeScreen(actor: Actor, screenId: string) {
  if (!canAccessScreen(actor.role, screenById(screenId))) throw new AppError(403, FORBIDDEN_MESSAGE);
}
