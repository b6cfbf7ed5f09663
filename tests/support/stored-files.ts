import sharp from "sharp";
import { expect } from "vitest";
import type { TestServer } from "./server";

export type StoredFileRow = {
  purpose: string;
  file_name: string;
  content_type: string;
  size: number;
  data: Buffer;
  created_by: string | null;
};

/** The stored file `id` as the files table holds it, its bytes as a Buffer (undefined when there is none). */
export async function storedFile(query: TestServer["query"], id: string) {
  const [row] = await query<StoredFileRow>`
    select purpose, file_name, content_type, size, data, created_by from files where id = ${id}`;
  return row && { ...row, data: Buffer.from(row.data) };
}

/**
 * The stored photo `id` was saved re-encoded: of `purpose`, without EXIF, at most `maxSide` px on
 * its longer side, and the camera's `marker` (written in the upload's EXIF) gone from its bytes.
 */
export async function expectReencodedPhoto(query: TestServer["query"], id: string, purpose: string, maxSide: number, marker: string) {
  const file = await storedFile(query, id);
  expect(file.purpose).toBe(purpose);
  const meta = await sharp(file.data).metadata();
  expect(meta.exif).toBeUndefined();
  expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(maxSide);
  expect(file.data.includes(Buffer.from(marker))).toBe(false);
}
