import { and, desc, eq, isNotNull, ne } from "drizzle-orm";
import { db } from "~/db/client.server";
import { agreements } from "~/db/schema";
import { AGREEMENT_TEXT_COLUMNS, effectiveStatus, startsLater } from "./agreement-columns.server";
import type { PublicAgreementView } from "./agreement-row";

/** What the public sees: public agreements that are not drafts, newest start first. */
export async function listPublicAgreements(): Promise<PublicAgreementView[]> {
  return db()
    .select({
      ...AGREEMENT_TEXT_COLUMNS,
      status: effectiveStatus(),
      upcoming: startsLater(),
      // The file id stays on the server: the page only needs to know there is a document.
      hasFile: isNotNull(agreements.fileId).mapWith(Boolean),
      fileSize: agreements.fileSize,
    })
    .from(agreements)
    .where(and(eq(agreements.isPublic, true), ne(agreements.status, "draft")))
    .orderBy(desc(agreements.validFrom), desc(agreements.validTo), agreements.title);
}
