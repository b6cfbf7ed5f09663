import { fictitiousCpf } from "~/db/factories/members";
import { writeXlsx } from "~/domain/imports/spreadsheet.server";
import { MEMBER_IMPORT_COLUMNS } from "~/domain/members/import-members.server";

/** Files of the import benchmark; the hostile ones are in tests/support/xlsx-files.ts. */

/** The legitimate file: the old system's 17 columns, half with a registration number. */
export async function legitMembersXlsx(rows: number) {
  const header = MEMBER_IMPORT_COLUMNS.map((c) => c.header);
  const data: (string | number | null)[][] = [header];
  const cities = ["Ceilândia", "Taguatinga", "Samambaia", "Gama", "Brasília", "Planaltina", "Sobradinho", "Guará"];
  for (let i = 0; i < rows; i++) {
    const cpf = fictitiousCpf(500_000 + i);
    data.push([
      i % 2 ? 900_000 + i : null,
      `Filiado de Carga ${i} da Silva`,
      `${String((i % 28) + 1).padStart(2, "0")}/${String((i % 12) + 1).padStart(2, "0")}/${1960 + (i % 40)}`,
      i % 3 ? "M" : "F",
      `QNM ${i % 40} Conjunto ${i % 20} Casa ${i % 30}`,
      cities[i % cities.length],
      "DF",
      `72${String(i % 1000).padStart(3, "0")}-120`,
      `(61) 9${String(10_000_000 + (i % 89_999_999)).slice(0, 4)}-${String(i % 10_000).padStart(4, "0")}`,
      "",
      `filiado${i}@exemplo.com.br`,
      `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
      `${String((i % 28) + 1).padStart(2, "0")}/${String((i % 12) + 1).padStart(2, "0")}/${2000 + (i % 25)}`,
      [1, 2, 3, 4, 10][i % 5],
      `Posto ${i % 500}`,
      "",
      i % 10 ? "" : "Veio do sistema antigo",
    ]);
  }
  return writeXlsx("associado", data);
}
