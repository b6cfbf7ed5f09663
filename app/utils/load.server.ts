import { data } from "react-router";
import { isAppError } from "./app-error";
import { isRouteResponse } from "./action.server";
import { errorFields, log } from "./logger.server";

/** What a failed loader throws; the dashboard's error boundary shows it. */
export type LoadFailure = { title?: string; message: string };

/**
 * The one way a staff screen's loader fails (ADR 070). Guard responses pass through; an
 * AppError becomes its own status and message (403, 404); anything else is logged without its
 * data and becomes a 500 carrying the screen's load-error message, which the dashboard's error
 * boundary shows inside the shell with a 'Tentar Novamente' button.
 */
export async function loadOrFail<T>(load: () => Promise<T>, loadError: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isRouteResponse(error)) throw error;
    if (isAppError(error)) {
      const title = error.status === 403 ? "Acesso Negado" : error.status === 404 ? "Não encontrado" : undefined;
      throw data<LoadFailure>({ title, message: error.message }, { status: error.status });
    }
    log.error(loadError, errorFields(error));
    throw data<LoadFailure>({ message: loadError }, { status: 500 });
  }
}
