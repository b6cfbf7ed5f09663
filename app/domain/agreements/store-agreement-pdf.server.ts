import type { Db, Tx } from "~/db/client.server";
import { storeUpload, type Upload } from "~/domain/files/file-store.server";
import { AGREEMENT_MESSAGES } from "./agreement.schema";

/** Stores an agreement's document: PDF only, decided by content (magic bytes), never by name. */
export function storeAgreementPdf(upload: Upload, createdBy: string | null, tx: Db | Tx) {
  return storeUpload(upload, { purpose: "agreement", allowed: ["pdf"], typeMessage: AGREEMENT_MESSAGES.pdfOnly, createdBy }, tx);
}
