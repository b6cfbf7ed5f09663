import { isAppError } from "./app-error";
import { isRouteResponse } from "./action.server";
import { errorFields, log } from "./logger.server";
import { plainText } from "./resource.server";

/** The failures the downloads share. */
export const DOWNLOAD_MESSAGES = {
  template: "Não foi possível gerar o modelo agora. Tente novamente.",
} as const;

/** The types the downloads are served as. */
export const DOWNLOAD_TYPES = {
  csv: "text/csv; charset=utf-8",
  json: "application/json; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

/**
 * `Content-Disposition` for a file name (RFC 6266 with RFC 5987's `filename*`): an ASCII fallback
 * for old clients, and the UTF-8 name that keeps accents ("relatório-março.csv") for the rest.
 */
export function contentDisposition(name: string, kind: "attachment" | "inline" = "attachment") {
  const ascii =
    name
      .normalize("NFD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\]/g, "") || "arquivo";
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** A download: the body as a named attachment, never cached, never sniffed. */
export function attachment(
  body: string | Uint8Array | Buffer | ReadableStream<Uint8Array>,
  name: string,
  type: keyof typeof DOWNLOAD_TYPES,
) {
  return new Response(typeof body === "string" || body instanceof ReadableStream ? body : new Uint8Array(body), {
    headers: {
      "Content-Type": DOWNLOAD_TYPES[type],
      "Content-Disposition": contentDisposition(name),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * Runs a download's use case: its answer, or, when it refuses (an AppError), that refusal as a
 * plain-text 4xx with its pt-BR message. Anything else is logged and answered with `failure`
 * as a plain-text 500, never a stack trace. A thrown route answer (a redirect, a 403) goes on.
 */
export async function download(run: () => Promise<Response>, failure: string): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (isRouteResponse(error)) throw error;
    if (isAppError(error)) return plainText(error.status, error.message);
    log.error(failure, errorFields(error));
    return plainText(500, failure);
  }
}
