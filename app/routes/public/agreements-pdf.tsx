import type { Route } from "./+types/agreements-pdf";
import { getSessionUser } from "~/auth/session.server";
import { getAgreementDocument } from "~/domain/agreements/get-agreement-document.server";
import { fileResponse } from "~/domain/files/file-store.server";

/**
 * GET /convencoes/:id/pdf — an agreement's PDF. Public, non-draft agreements for everyone;
 * internal ones and drafts only for staff whose role opens the agreements screen. Anything
 * else is a plain 404, so the route does not reveal that an agreement exists.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getSessionUser(request);
  const doc = await getAgreementDocument(params.id, viewer);
  if (!doc) {
    return new Response("Documento não encontrado.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
    });
  }
  return fileResponse(doc.file, { disposition: "attachment", downloadName: doc.downloadName, cache: doc.open ? "private" : "no-store" });
}
