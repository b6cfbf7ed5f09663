import { eq } from "drizzle-orm";
import { authorize } from "~/auth/authorize";
import { db } from "~/db/client.server";
import { companies } from "~/db/schema";
import { AppError } from "~/utils/app-error";
import { hitRateLimit } from "~/utils/rate-limit.server";
import type { ServiceActor } from "./service-access.server";
import { SERVICE_MESSAGES } from "./service-options";

export type CompanyLookup =
  | { found: false }
  | {
      found: true;
      company: {
        cnpj: string;
        legalName: string;
        tradeName: string | null;
        address: string | null;
        phone: string | null;
        email: string | null;
      };
    };

/** 429 with the time to wait, for the Retry-After header. */
export class CompanyLookupLimitedError extends AppError {
  constructor(public readonly retryAfterSeconds: number) {
    super(429, SERVICE_MESSAGES.companyLimited, "cnpj");
  }
}

/**
 * The service form's company look-up by CNPJ, limited per user like the member look-up
 * (RATE_LIMITS.companyLookup, counted in the database so it holds across instances; ADR 184).
 */
export async function findCompanyByCnpj(actor: ServiceActor, cnpj: string): Promise<CompanyLookup> {
  authorize(actor, "services.create");
  const limit = await hitRateLimit("companyLookup", actor.id);
  if (!limit.allowed) throw new CompanyLookupLimitedError(limit.retryAfterSeconds);
  const [c] = await db()
    .select({
      cnpj: companies.cnpj,
      legalName: companies.legalName,
      tradeName: companies.tradeName,
      address: companies.address,
      phone: companies.phone,
      email: companies.email,
    })
    .from(companies)
    .where(eq(companies.cnpj, cnpj));
  return c ? { found: true, company: c } : { found: false };
}
