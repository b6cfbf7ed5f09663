import type { Route } from "./+types/workplace-markers";
import { MESSAGES } from "~/auth/screens";
import { workplaceMarkers } from "~/domain/fieldwork/list-workplaces.server";
import { WORKPLACE_MESSAGES } from "~/domain/fieldwork/workplace.schema";
import { AppError } from "~/utils/app-error";
import { requireResourceActor } from "~/utils/resource.server";

/**
 * GET /dashboard/admin/mapa-postos/marcadores[?q=&cidade=]: the map's markers (one JSON text),
 * apart from the page (issue 24, ADR 252). The browser keeps its copy and revalidates it with the
 * ETag (`private, no-cache`): a visit with nothing changed gets a 304 and downloads nothing. Same
 * roles as the map screen; another role gets a 403 in plain text (a resource, not a page: ADR 269).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireResourceActor(request, MESSAGES.markersDenied);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const city = url.searchParams.get("cidade")?.trim().slice(0, 100) || null;
  const headers = { "Cache-Control": "private, no-cache", Vary: "Cookie" };
  try {
    const { json, etag } = await workplaceMarkers(actor, { q, city });
    if (matches(request.headers.get("if-none-match"), etag))
      return new Response(null, { status: 304, headers: { ...headers, ETag: etag } });
    return new Response(json, { headers: { ...headers, ETag: etag, "Content-Type": "application/json; charset=utf-8" } });
  } catch (err) {
    const status = err instanceof AppError ? err.status : 503;
    const message = err instanceof AppError ? err.message : WORKPLACE_MESSAGES.loadError;
    return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
}

/**
 * Whether `If-None-Match` names the current ETag: a list of tags, each maybe weak (`W/"…"`, as a
 * proxy that compresses the body marks it), or `*` (RFC 9110 §13.1.2: the weak comparison).
 */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === bare;
  });
}
