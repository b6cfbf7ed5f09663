import { requireAccess } from "~/auth/guard.server";
import type { SessionUser } from "~/auth/session.server";
import { handleAction, type ActionSpec, type IntentUnion } from "./action.server";

/**
 * A staff screen's action (ADR 070): the screen's guard first, so a refused post is answered 403
 * before a byte of its body is read, then `handleAction` with the signed-in user as the actor.
 * The rest of the spec is built for that user, whom the handlers act for:
 *
 *   export async function action({ request }: Route.ActionArgs) {
 *     return staffAction(request, userActionSchema, (actor) => ({
 *       fallback: { create: "Erro ao criar usuário", … },
 *       handlers: { create: async (input) => { await createUser(actor, input); return USER_MESSAGES.created; }, … },
 *     }));
 *   }
 */
export async function staffAction<S extends IntentUnion>(
  request: Request,
  intents: S,
  spec: (actor: SessionUser) => Omit<ActionSpec<S, SessionUser>, "actor" | "intents">,
  /** A further check after the screen's guard and still before the body is read (e.g. the record of the URL in scope). */
  check?: (actor: SessionUser) => Promise<void>,
) {
  const actor = await requireAccess(request);
  await check?.(actor);
  return handleAction(request, { ...spec(actor), actor, intents });
}
