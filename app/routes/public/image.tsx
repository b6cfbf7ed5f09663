import type { Route } from "./+types/image";
import { getPublicImage } from "~/domain/files/get-public-image.server";
import { fileResponse } from "~/domain/files/file-store.server";

/**
 * GET /imagens/:id — public images (news covers, partner logos, Instagram copies). Any other
 * stored file, or an unknown id, is a plain 404: the allowlist lives in domain/files/public-image.
 * Ids are random and a file never changes, so browsers may keep it for a day.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const file = await getPublicImage(params.id);
  if (!file) {
    return new Response("Imagem não encontrada.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const etag = `"${file.sha256}"`;
  const cacheControl = "public, max-age=86400, immutable";
  if (request.headers.get("if-none-match") === etag) {
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": cacheControl } });
  }
  const response = fileResponse(file, { disposition: "inline", cache: "public" });
  response.headers.set("Cache-Control", cacheControl);
  return response;
}
