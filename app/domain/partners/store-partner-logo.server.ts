import type { Db, Tx } from "~/db/client.server";
import { storeUpload, type Upload } from "~/domain/files/file-store.server";
import { IMAGE_KINDS } from "~/domain/files/file-types";
import { AppError, isAppError } from "~/utils/app-error";
import { PARTNER_LOGO_PURPOSE, PARTNER_MESSAGES } from "./partner.schema";

/** A partner logo: an image by content, re-encoded without metadata, long side at most 800 px. */
export async function storePartnerLogo(logo: Upload, createdBy: string | null, tx: Db | Tx) {
  try {
    return await storeUpload(
      logo,
      { purpose: PARTNER_LOGO_PURPOSE, allowed: IMAGE_KINDS, typeMessage: PARTNER_MESSAGES.logoType, createdBy, maxImageSide: 800 },
      tx,
    );
  } catch (error) {
    // Point the refusal at the logo field so the form shows it there.
    if (isAppError(error) && !error.field) throw new AppError(error.status, error.message, "logo");
    throw error;
  }
}
