import { requireAccess } from "~/auth/guard.server";
import { isAppError } from "./app-error";
import { isRouteResponse } from "./action.server";

/**
 * The one way a staff resource route (a download, a photo, a CSV) answers: plain text, never
 * cached, never the SPA's JSON.
 */
export function plainText(status: number, text: string) {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * The guard for a resource route: the signed-in actor, or a thrown answer — a redirect to the
 * login when signed out, and for a refused role 403 with the screen's message as plain text.
 */
export async function requireResourceActor(request: Request, denial: { title: string; message: string }) {
  try {
    return await requireAccess(request, { resource: true });
  } catch (error) {
    if (isRouteResponse(error) && !(error instanceof Response)) throw plainText(403, `${denial.title}\n${denial.message}`);
    throw error;
  }
}

/**
 * A staff file download (a photo, a piece of evidence): the resource guard, then `answer` with the
 * actor; an AppError it throws becomes its plain-text answer.
 */
export async function serveResource(
  request: Request,
  denial: { title: string; message: string },
  answer: (actor: Awaited<ReturnType<typeof requireResourceActor>>) => Promise<Response>,
) {
  const actor = await requireResourceActor(request, denial);
  try {
    return await answer(actor);
  } catch (error) {
    rethrowAsPlain(error);
  }
}

/** Re-throws an AppError as its plain-text answer (403, 404, 400…); anything else as it is. */
export function rethrowAsPlain(error: unknown): never {
  if (isAppError(error)) throw plainText(error.status, error.message);
  throw error;
}
