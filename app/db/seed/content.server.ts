import { db } from "~/db/client.server";
import { createInstitutionalContent } from "~/db/factories/content";
import { getInstitutionalContentWithMeta } from "~/domain/content/get-content.server";

/** Demo seed: the defaults written out, so the content screen starts from a saved record. */
export async function seedInstitutionalContent() {
  if ((await getInstitutionalContentWithMeta()).updatedAt) return;
  await createInstitutionalContent(db());
}
