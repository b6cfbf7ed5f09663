import type { Route } from "./+types/workplace-markers";
import { requireAccess } from "~/auth/guard.server";
import { workplaceMarkers } from "~/domain/fieldwork/list-workplaces.server";
import { WORKPLACE_MESSAGES } from "~/domain/fieldwork/workplace.schema";
import { AppError } from "~/utils/app-error";

/**
 * GET /dashboard/admin/mapa-postos/marcadores[?q=&cidade=]: the map's markers (one JSON text),
 * apart from the page (issue 24). The browser keeps its copy and revalidates it with the ETag
 * (`private, no-cache`): a visit with nothing changed gets a 304 and downloads nothing. Same
 * roles as the map screen; another role is sent to its panel, as for the screen.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAccess(request);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const city = url.searchParams.get("cidade")?.trim().slice(0, 100) || null;
  const headers = { "Cache-Control": "private, no-cache", Vary: "Cookie" };
  try {
    const { json, etag } = await workplaceMarkers(actor, { q, city });
    if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: { ...headers, ETag: etag } });
    return new Response(json, { headers: { ...headers, ETag: etag, "Content-Type": "application/json; charset=utf-8" } });
  } catch (err) {
    const status = err instanceof AppError ? err.status : 503;
    const message = err instanceof AppError ? err.message : WORKPLACE_MESSAGES.loadError;
    return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
}
