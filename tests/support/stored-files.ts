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
