import { recordServiceCall } from "./service-status.server";
import { log } from "~/utils/logger.server";

/**
 * What the address services (cep.server.ts, geocoder.server.ts) share: a JSON GET with a
 * timeout that fails with a typed error, and the last outcome of each service, recorded in
 * `service_status` (through recordServiceCall) for the diagnostics page. Errors name the service and the failure, never
 * the query (a CEP or an address).
 */

export type ExternalServiceName = "cep" | "geocoder";
export type ExternalFailure = "timeout" | "http" | "network" | "invalid" | "busy";

export class ExternalServiceError extends Error {
  constructor(
    public readonly service: ExternalServiceName,
    public readonly kind: ExternalFailure,
    message: string,
    public readonly status?: number,
  ) {
    super(message);
    this.name = "ExternalServiceError";
  }
}

export function isExternalServiceError(e: unknown): e is ExternalServiceError {
  return e instanceof ExternalServiceError;
}

/**
 * Why a request did not reach the service, for the diagnostics page: the system's code (ENOTFOUND,
 * ECONNREFUSED…) rather than fetch's English "fetch failed".
 */
export function networkReason(error: unknown) {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  if (cause && typeof cause.code === "string") return cause.code;
  return (error as Error | undefined)?.message ?? "desconhecida";
}

/** GET `url` and parse its JSON body, or throw an ExternalServiceError. */
export async function getJson(
  service: ExternalServiceName,
  url: URL,
  options: { timeoutMs: number; headers?: Record<string, string> },
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: "follow",
      headers: { Accept: "application/json", ...options.headers },
    });
  } catch (error) {
    const name = (error as { name?: string })?.name;
    if (name === "TimeoutError" || name === "AbortError") {
      throw new ExternalServiceError(service, "timeout", `${service}: sem resposta em ${options.timeoutMs} ms`);
    }
    throw new ExternalServiceError(service, "network", `${service}: falha de rede (${networkReason(error)})`);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new ExternalServiceError(service, "http", `${service}: HTTP ${res.status}`, res.status);
  }
  try {
    return await res.json();
  } catch (error) {
    const name = (error as { name?: string })?.name;
    if (name === "TimeoutError" || name === "AbortError") {
      throw new ExternalServiceError(service, "timeout", `${service}: resposta interrompida após ${options.timeoutMs} ms`);
    }
    throw new ExternalServiceError(service, "invalid", `${service}: resposta não é JSON`);
  }
}

/** Records the outcome of one request to the service (never fails the caller): one status table for every service. */
export async function recordOutcome(service: ExternalServiceName, error?: ExternalServiceError) {
  await recordServiceCall(service, !error, error ? `${error.kind}: ${error.message}` : undefined);
  if (error) log.warn("serviço externo falhou", { service, kind: error.kind, status: error.status, error: error.message });
}
