import { describe, expect, it } from "vitest";
import { refuseOverRowCap, streamSpreadsheet } from "~/domain/imports/spreadsheet.server";
import { MEMBER_IMPORT_COLUMNS } from "~/domain/members/import-members.server";
import { millionRowsXlsx } from "../support/xlsx-files";

/** A file past the row cap is refused before any of its rows is checked (ADR 253). */
const opts = { columns: MEMBER_IMPORT_COLUMNS, maxRows: 1000 };
const upload = async (rows: number, dimension: boolean) => ({
  fileName: "filiados.xlsx",
  bytes: await millionRowsXlsx({ rows, dimension }),
});

describe("refuseOverRowCap", () => {
  for (const dimension of [true, false]) {
    it(`refuses a sheet past the cap ${dimension ? "by its declared range" : "without a declared range, by counting"} (413)`, async () => {
      await expect(refuseOverRowCap(await upload(1001, dimension), opts)).rejects.toMatchObject({ status: 413 });
    });

    it(`lets a sheet at the cap through ${dimension ? "with" : "without"} a declared range`, async () => {
      const file = await upload(1000, dimension);
      await expect(refuseOverRowCap(file, opts)).resolves.toBeUndefined();
      // The file is whole afterwards: the reading pass that follows sees every row.
      let seen = 0;
      await streamSpreadsheet(file, opts, async (rows) => void (seen += rows.length));
      expect(seen).toBe(1000);
    });
  }

  it("without the counting pass, the reading hands rows over before the cap shows (why the count runs first)", async () => {
    const file = await upload(1001, false);
    let handed = 0;
    await expect(streamSpreadsheet(file, opts, async (rows) => void (handed += rows.length))).rejects.toMatchObject({ status: 413 });
    expect(handed).toBeGreaterThan(0);
  });
});
