import { asc, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { serviceStatus } from "~/db/schema";
import { errorFields, log } from "~/utils/logger.server";

/**
 * The last outcome of each external service, for the diagnostics page (ADR 082). Each
 * integration module calls `recordServiceCall` once per real call to its service.
 */
export const EXTERNAL_SERVICES = {
  cep: "Consulta de CEP (ViaCEP)",
  geocoder: "Geocodificação (Nominatim)",
  instagram: "Instagram (Graph API)",
} as const;

export type ExternalService = keyof typeof EXTERNAL_SERVICES;

export type ServiceStatusRow = {
  service: string;
  lastOk: boolean;
  lastSuccessAt: Date | null;
  lastErrorAt: Date | null;
  lastError: string | null;
  calls: number;
  failures: number;
};

/**
 * Records one call's outcome. Never throws and never fails the caller: a status that cannot be
 * written is only logged. `error` is a short description (never a URL with a token, never
 * personal data: callers pass what they would log).
 */
export async function recordServiceCall(service: ExternalService, ok: boolean, error?: string): Promise<void> {
  const message = ok ? null : (error ?? "falha sem descrição").slice(0, 500);
  try {
    await db()
      .insert(serviceStatus)
      .values({
        service,
        lastOk: ok,
        lastSuccessAt: ok ? sql`now()` : null,
        lastErrorAt: ok ? null : sql`now()`,
        lastError: message,
        calls: 1,
        failures: ok ? 0 : 1,
      })
      .onConflictDoUpdate({
        target: serviceStatus.service,
        set: {
          lastOk: ok,
          ...(ok ? { lastSuccessAt: sql`now()` } : { lastErrorAt: sql`now()`, lastError: message }),
          calls: sql`${serviceStatus.calls} + 1`,
          failures: ok ? serviceStatus.failures : sql`${serviceStatus.failures} + 1`,
          updatedAt: sql`now()`,
        },
      });
  } catch (err) {
    log.warn("estado do serviço externo não gravado", { service, ...errorFields(err) });
  }
}

/** Every recorded service (services never called have no row: "sem registro"). */
export async function listServiceStatus(): Promise<ServiceStatusRow[]> {
  return db()
    .select({
      service: serviceStatus.service,
      lastOk: serviceStatus.lastOk,
      lastSuccessAt: serviceStatus.lastSuccessAt,
      lastErrorAt: serviceStatus.lastErrorAt,
      lastError: serviceStatus.lastError,
      calls: serviceStatus.calls,
      failures: serviceStatus.failures,
    })
    .from(serviceStatus)
    .orderBy(asc(serviceStatus.service));
}
