import { eq } from "drizzle-orm";
import { authorize } from "~/auth/authorize";
import { db } from "~/db/client.server";
import { companies } from "~/db/schema";
import type { ServiceActor } from "./service-access.server";

export type CompanyLookup = { found: false } | { found: true; company: { cnpj: string; legalName: string; tradeName: string | null; address: string | null; phone: string | null; email: string | null } };

export async function findCompanyByCnpj(actor: ServiceActor, cnpj: string): Promise<CompanyLookup> {
  authorize(actor, "services.create");
  const [c] = await db()
    .select({ cnpj: companies.cnpj, legalName: companies.legalName, tradeName: companies.tradeName, address: companies.address, phone: companies.phone, email: companies.email })
    .from(companies)
    .where(eq(companies.cnpj, cnpj));
  return c ? { found: true, company: c } : { found: false };
}
