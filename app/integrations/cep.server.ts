import { sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { cepCache } from "~/db/schema";
import { cepDigits, isValidCep } from "~/lib/br/cep";
import { env } from "~/utils/env.server";
import { ExternalServiceError, getJson, recordOutcome } from "./external-service.server";

/**
 * The one module that talks to the postal-code service (ViaCEP API:
 * `GET {CEP_API_URL}/ws/{8 digits}/json/` → logradouro, bairro, localidade, uf, or `erro`).
 * Base URL and timeout from the environment (CEP_API_URL, CEP_TIMEOUT_MS). Every answer is
 * cached in `cep_cache`: found ones for 30 days, "not found" for one day (new CEPs appear).
 * Failures (timeout, HTTP error, bad answer) throw an ExternalServiceError and are not cached.
 */

export const CEP_CACHE_DAYS = { found: 30, notFound: 1 } as const;

export type CepAddress = { cep: string; street: string; neighbourhood: string; city: string; state: string };
export type CepLookup = ({ found: true; address: CepAddress } | { found: false }) & { cached: boolean };

const answerSchema = z.union([
  z.object({ erro: z.union([z.literal(true), z.literal("true")]) }),
  z.object({
    logradouro: z.string().default(""),
    bairro: z.string().default(""),
    localidade: z.string().min(1),
    uf: z.string().regex(/^[A-Z]{2}$/),
  }),
]);

async function cached(cep: string): Promise<CepLookup | null> {
  const [row] = await db()
    .select()
    .from(cepCache)
    .where(
      sql`${cepCache.cep} = ${cep} and ${cepCache.fetchedAt} > now() - make_interval(days => case when ${cepCache.found} then ${CEP_CACHE_DAYS.found}::int else ${CEP_CACHE_DAYS.notFound}::int end)`,
    );
  if (!row) return null;
  if (!row.found) return { found: false, cached: true };
  return {
    found: true,
    cached: true,
    address: { cep, street: row.street ?? "", neighbourhood: row.neighbourhood ?? "", city: row.city ?? "", state: row.state ?? "" },
  };
}

async function store(cep: string, address: CepAddress | null) {
  const values = {
    found: address !== null,
    street: address?.street ?? null,
    neighbourhood: address?.neighbourhood ?? null,
    city: address?.city ?? null,
    state: address?.state ?? null,
    fetchedAt: sql`now()`,
  };
  await db()
    .insert(cepCache)
    .values({ cep, ...values })
    .onConflictDoUpdate({ target: cepCache.cep, set: values });
}

/** The address of a CEP, from the cache or the service. A value that is not 8 digits is "not found" without a request. */
export async function lookupCep(value: string): Promise<CepLookup> {
  if (!isValidCep(value)) return { found: false, cached: false };
  const cep = cepDigits(value);
  const hit = await cached(cep);
  if (hit) return hit;

  const { CEP_API_URL: base, CEP_TIMEOUT_MS: timeoutMs } = env();
  const url = new URL(`ws/${cep}/json/`, base.endsWith("/") ? base : `${base}/`);
  let answer: z.infer<typeof answerSchema>;
  try {
    const body = await getJson("cep", url, { timeoutMs });
    const parsed = answerSchema.safeParse(body);
    if (!parsed.success) throw new ExternalServiceError("cep", "invalid", "cep: resposta em formato inesperado");
    answer = parsed.data;
  } catch (error) {
    if (error instanceof ExternalServiceError) await recordOutcome("cep", error);
    throw error;
  }
  await recordOutcome("cep");
  if ("erro" in answer) {
    await store(cep, null);
    return { found: false, cached: false };
  }
  const address = {
    cep,
    street: answer.logradouro.trim(),
    neighbourhood: answer.bairro.trim(),
    city: answer.localidade.trim(),
    state: answer.uf,
  };
  await store(cep, address);
  return { found: true, cached: false, address };
}
