import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
  type FileUpload,
} from "@remix-run/form-data-parser";
import type { Upload } from "~/domain/files/file-store.server";
import { MB, UPLOAD_MESSAGES } from "~/domain/files/file-types";
import { AppError } from "./app-error";
import { FORM_MESSAGES } from "./fields";

/** What a form post carries: its text fields (all values, in order) and its files. */
export type FormBody = {
  /** Every text field, repeated names included (lists such as `phones`). */
  form: FormData;
  /** One value per name (the last one sent), for schemas of plain fields. */
  fields: Record<string, string>;
  files: Upload[];
};

export type FormBodyOptions = {
  /** Accept files up to this size; without it a file part is refused with 400. */
  maxFileBytes?: number;
  maxFiles?: number;
  /** The message of a 413 (defaults to 'Arquivo muito grande. Máximo NMB.'). */
  tooLargeMessage?: string;
};

/** Text fields beyond files: enough for the largest form (the institutional content). */
const MAX_TEXT_BYTES = MB;
const MAX_PARTS = 100;

/** How much of a refused body is read and thrown away so the client gets the answer. */
const DISCARD_LIMIT = 8 * MB;
/** How long a refusal waits for the rest of the body before answering anyway. */
const DISCARD_MS = 1000;

/**
 * Reads and drops what is left of a refused body (up to DISCARD_LIMIT bytes and DISCARD_MS),
 * so the refusal reaches the client instead of a connection reset; past either limit the answer
 * goes out anyway (a client that stalls or withholds the end of its body still gets its 413).
 */
async function discardRest(request: Request) {
  const body = request.body;
  if (!body || body.locked) return;
  const reader = body.getReader();
  let seen = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), DISCARD_MS);
  });
  try {
    while (true) {
      const next = await Promise.race([reader.read(), deadline]);
      // A stalled body is left as it is: the answer goes out and the connection closes after it.
      if (next === "late" || next.done) return;
      seen += next.value.byteLength;
      if (seen > DISCARD_LIMIT) return void (await reader.cancel());
    }
  } catch {
    // The client went away: nothing to answer.
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A file part's bytes. Not `upload.arrayBuffer()`: that copies every network chunk of the part
 * in one run of microtasks, which held the event loop ~170 ms for a 10 MB upload (measured, issue
 * 18 §2); this reads its stream and lets the event loop run after each megabyte.
 */
async function uploadBytes(upload: FileUpload) {
  const chunks: Uint8Array[] = [];
  let sinceYield = 0;
  for await (const chunk of upload.stream() as unknown as AsyncIterable<Uint8Array>) {
    chunks.push(chunk);
    sinceYield += chunk.byteLength;
    if (sinceYield >= MB) {
      sinceYield = 0;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  return Buffer.concat(chunks);
}

/** The content type, lower-cased, without parameters. */
function mediaType(request: Request) {
  return (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
}

/**
 * Reads a form post, the one way every action does (ADR 070): `application/x-www-form-urlencoded`
 * or `multipart/form-data`, nothing else. Limits hold while streaming: a declared length over
 * the limit is refused before a byte is read, and a body that grows past it is cut off.
 *
 * Throws AppError: 415 for any other body (JSON, text/plain, octet-stream, none), 400 for a
 * body that cannot be read (bad boundary, too many parts, a file where none is expected), 413
 * past the size limit (with `tooLargeMessage` when the form has files).
 */
export async function readFormBody(request: Request, opts: FormBodyOptions = {}): Promise<FormBody> {
  const type = mediaType(request);
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    await discardRest(request);
    throw new AppError(415, FORM_MESSAGES.unsupportedBody);
  }
  const maxFiles = opts.maxFileBytes ? (opts.maxFiles ?? 1) : 0;
  // The parser applies this limit to every part, text fields included.
  const maxFileBytes = opts.maxFileBytes ?? MAX_TEXT_BYTES;
  const tooLarge = opts.maxFileBytes
    ? (opts.tooLargeMessage ?? UPLOAD_MESSAGES.tooLarge(Math.round(opts.maxFileBytes / MB)))
    : FORM_MESSAGES.tooLarge;
  const maxTotalSize = maxFiles * maxFileBytes + MAX_TEXT_BYTES;
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxTotalSize) {
    await discardRest(request);
    throw new AppError(413, tooLarge);
  }

  const files: Upload[] = [];
  let form: FormData;
  try {
    form = await parseFormData(
      request,
      { maxFileSize: maxFileBytes, maxFiles, maxTotalSize, maxParts: MAX_PARTS },
      async (upload: FileUpload) => {
        const bytes = await uploadBytes(upload);
        // An empty <input type=file> sends an empty part: no file.
        if (bytes.length > 0) files.push({ fieldName: upload.fieldName, fileName: upload.name || "arquivo", bytes });
        return undefined;
      },
    );
  } catch (error) {
    await discardRest(request);
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      throw new AppError(413, tooLarge);
    }
    if (
      error instanceof MaxFilesExceededError ||
      error instanceof MaxPartsExceededError ||
      error instanceof MultipartParseError ||
      error instanceof FormDataParseError
    ) {
      throw new AppError(400, FORM_MESSAGES.unreadable);
    }
    throw error;
  }
  const fields: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string") fields[k] = v;
  return { form, fields, files };
}
