import { redirect } from "react-router";
import type { Actor } from "~/auth/authorize";
import { fileResponse } from "~/domain/files/file-store.server";
import { isAppError } from "~/utils/app-error";
import { loadOrFail } from "~/utils/load.server";
import { SERVICE_MESSAGES } from "./service-options";
import { SERVICE_LIST } from "./reply-links";

/** Outside the role's scope (403): back to the list, which shows the record page's notice. */
function rethrowOutOfScope(error: unknown) {
  if (isAppError(error) && error.status === 403) throw redirect(`${SERVICE_LIST}?aviso=sem-permissao`);
}

/**
 * The loader of a record's staff page (detail, receipt, merge): a malformed or unknown record goes
 * back to the list with "não encontrado", one outside the role's scope with "sem permissão" (a
 * toast there); any other failure is the detail's load error.
 */
export async function loadRecordPage<T>(id: string, load: () => Promise<T>): Promise<T> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw redirect(`${SERVICE_LIST}?aviso=nao-encontrado`);
  try {
    return await load();
  } catch (error) {
    rethrowOutOfScope(error);
    if (isAppError(error) && error.status === 404) throw redirect(`${SERVICE_LIST}?aviso=nao-encontrado`);
    return loadOrFail(() => Promise.reject(error), SERVICE_MESSAGES.detailLoadError);
  }
}

/**
 * A file of a record (an attachment, a file of an e-mail reply) for staff, as the answer of the
 * route's `serveResource` (the route's own guard): `get` checks the record's sector against the
 * role's scope; outside it, back to the list with the record page's notice; never cached;
 * `?inline=1` opens it in the browser.
 */
export function recordFileAnswer(
  request: Request,
  get: (actor: Actor) => Promise<{ data: Buffer; contentType: string; fileName: string; sha256?: string }>,
) {
  return async (actor: Actor) => {
    try {
      const file = await get(actor);
      const inline = new URL(request.url).searchParams.get("inline") === "1";
      return fileResponse(file, { disposition: inline ? "inline" : "attachment", cache: "no-store" });
    } catch (error) {
      rethrowOutOfScope(error);
      throw error;
    }
  };
}
