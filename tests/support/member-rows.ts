import { sql } from "drizzle-orm";
import type { TestServer } from "./server";

/** A member as the members table holds it (dates as `yyyy-mm-dd` text). */
export type MemberDbRow = {
  id: string;
  registration_number: number;
  name: string;
  cpf: string | null;
  birth_date: string | null;
  joined_on: string;
  situation: number | null;
  status: string;
  city: string | null;
  email: string | null;
  mobile_phone: string | null;
  workplace_name: string | null;
  notes: string | null;
  photo_file_id: string | null;
  anonymized_at: Date | null;
};

/** The member whose `column` is `value`, as stored (undefined when there is none). */
export async function memberRow(query: TestServer["query"], column: "id" | "cpf", value: string) {
  const [row] = await query<MemberDbRow>`
    select id, registration_number, name, cpf, birth_date::text, joined_on::text, situation, status, city, email,
      mobile_phone, workplace_name, notes, photo_file_id, anonymized_at
    from members where ${sql.identifier(column)} = ${value}`;
  return row;
}
