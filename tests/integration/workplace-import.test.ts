import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/suite";
import type { Client } from "../support/http";
import { createWorkplace } from "~/db/factories/field";
import { FORBIDDEN_MESSAGE } from "~/auth/screens";
import { WORKPLACE_IMPORT_COLUMNS, WORKPLACE_IMPORT_MESSAGES } from "~/domain/fieldwork/import-workplaces.server";
import { SPREADSHEET_MESSAGES } from "~/domain/imports/spreadsheet.server";
import { expectImportTemplate, xlsxOf } from "../support/xlsx-files";
import { decodeHtml as decode } from "../support/html";
import { commitAndWait, importCount as count, importForm } from "../support/import-runs";
import { WORKPLACE_HEADERS, WORKPLACE_TEMPLATE_HEADERS, workplaceByName, workplaceCounts } from "../support/fieldwork";

/** The workplace spreadsheet import (issue 10): template, dry run, all-or-nothing commit. */
const PATH = "/dashboard/admin/mapa-postos";
// Geocoding jobs queued by the import point at a closed local port, never at the real geocoder.
const t = useTestServer({ env: () => ({ GEOCODER_URL: "http://127.0.0.1:9", JOBS_POLL_MS: "60000" }) });
let admin: Client;

type Cells = (string | number)[];

const xlsx = (rows: Cells[], headers: string[] = WORKPLACE_HEADERS) => xlsxOf(headers, rows);
function csv(rows: Cells[], headers: string[] = WORKPLACE_HEADERS) {
  const line = (cells: Cells) => cells.map((c) => `"${String(c).replace(/"/g, '""')}"`).join(";");
  return Buffer.from("\uFEFF" + [headers, ...rows].map(line).join("\r\n") + "\r\n", "utf8");
}
async function send(client: Client, intent: string, bytes: Buffer | null, name = "postos.xlsx", extra: Record<string, string> = {}) {
  const res = await client.post(PATH, importForm(intent, bytes, name, extra));
  return { status: res.status, html: decode(await res.text()) };
}
/** The commit runs as a job (ADR 253): posted, then followed to its end; `html` is the page then. */
function commit(client: Client, bytes: Buffer | null, name = "postos.xlsx", extra: Record<string, string> = {}) {
  return commitAndWait(client, t.query, "workplaces", PATH, importForm("import-commit", bytes, name, extra));
}
const counts = () => workplaceCounts(t.query);
const byName = (name: string) => workplaceByName(t.query, name);

let existingCode: string;
beforeAll(async () => {
  admin = await t.login("admin");
  existingCode = (await createWorkplace(t.db, { name: "Posto Já Cadastrado", address: "SCS Quadra 1", cep: "70300500" })).code;
});

describe("the template", () => {
  it("is an .xlsx with the original's columns, then the operational fields; a refused role is sent to its panel", async () => {
    await expectImportTemplate(admin, `${PATH}/modelo`, "modelo-postos.xlsx", WORKPLACE_IMPORT_COLUMNS, WORKPLACE_TEMPLATE_HEADERS);
    const campo = await t.login("campo");
    const refused = await campo.get(`${PATH}/modelo`);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/dashboard/campo");
  });
});

describe("dry run, then commit", () => {
  // Rows 2..10 of the sheet.
  const rows = (): Cells[] => [
    [existingCode, "Posto Renomeado Pela Planilha", "SCS Quadra 1", "", "Brasília", "DF", "70300-500", "", "", "", "", 40],
    [
      "",
      "Shopping Importado Um",
      "SCN Quadra 6",
      "Asa Norte",
      "Brasília",
      "df",
      "70716900",
      "(61) 3333-4444",
      "Brigada@Um.example.com",
      "",
      "",
      12,
    ],
    ["", "Escola Importada Dois", "SGAS 915", "Asa Sul", "", "", "70390-150", "", "", "-15,8241", "-47,9312", ""],
    ["", "", "Sem nome", "", "Brasília", "DF", "70000-000", "", "", "", "", ""],
    ["", "Posto Email Ruim", "QNA 1", "", "Taguatinga", "DF", "72110-015", "", "não-é-email", "", "", ""],
    ["", "Posto UF Ruim", "QNA 2", "", "Taguatinga", "Distrito", "72110-015", "", "", "", "", ""],
    ["X12", "Posto Código Ruim", "QNA 3", "", "Taguatinga", "DF", "72110-015", "", "", "", "", ""],
    [existingCode, "Código Repetido", "QNA 4", "", "Taguatinga", "DF", "72110-015", "", "", "", "", ""],
    ["", "Shopping Importado Um", "SCN Quadra 6", "", "Brasília", "DF", "70716-900", "", "", "", "", ""],
  ];

  it("the dry run reports created, updated and rejected rows with every problem, and writes nothing", async () => {
    const before = await counts();
    const { status, html } = await send(admin, "import-preview", await xlsx(rows()));
    expect(status).toBe(200);
    expect(html).toContain(WORKPLACE_IMPORT_MESSAGES.withProblems(6));
    expect(html).not.toContain("Confirmar importação");
    expect([count(html, "total"), count(html, "created"), count(html, "updated"), count(html, "rejected")]).toEqual([9, 2, 1, 6]);
    for (const row of [5, 6, 7, 8, 9, 10]) expect(html, `linha ${row}`).toContain(`data-testid="import-rejected-${row}"`);
    expect(html).toContain("Nome é obrigatório");
    expect(html).toContain("Informe um e-mail válido.");
    expect(html).toContain("Estado deve ser a sigla de 2 letras");
    expect(html).toContain(WORKPLACE_IMPORT_MESSAGES.badCode);
    expect(html).toContain(WORKPLACE_IMPORT_MESSAGES.duplicateCode(2));
    expect(html).toContain(WORKPLACE_IMPORT_MESSAGES.duplicateRow(3));
    // The downloadable report (a data: link with the CSV).
    const link = html.match(/href="data:text\/csv;charset=utf-8,([^"]+)"/);
    expect(link).not.toBeNull();
    const report = decodeURIComponent(link![1]);
    // The one CSV writer (ADR 176): `;`, every field quoted.
    const reportRows = parse(report, { bom: true, delimiter: ";" }) as string[][];
    expect(reportRows).toContainEqual(["resumo", "rejeitados", "6"]);
    expect(reportRows).toContainEqual(["10", "Shopping Importado Um", WORKPLACE_IMPORT_MESSAGES.duplicateRow(3)]);
    expect(report).toContain('"resumo";"rejeitados";"6"\r\n');
    expect(await counts()).toEqual(before);
    expect(await byName("Shopping Importado Um")).toBeUndefined();
  });

  it("a row's every problem is reported, not only the first rule that failed", async () => {
    const file = await xlsx([["X1", "", "QNA 9", "", "Taguatinga", "Distrito", "72110-015", "", "não-é-email", "-15,8", "", "muitos"]]);
    const { status, html } = await send(admin, "import-preview", file);
    expect(status).toBe(200);
    const row = html.match(/data-testid="import-rejected-2">(.*?)<\/tr>/s)?.[1] ?? "";
    for (const message of [
      "Nome é obrigatório",
      "Informe um e-mail válido.",
      "Estado deve ser a sigla de 2 letras",
      WORKPLACE_IMPORT_MESSAGES.badCode,
      WORKPLACE_IMPORT_MESSAGES.coordinates,
      WORKPLACE_IMPORT_MESSAGES.integer("Qtd associados"),
    ]) {
      expect(row, message).toContain(message);
    }
  });

  it("the commit of a file with good rows and one bad row writes nothing, and says why", async () => {
    const before = await counts();
    const { html, run } = await commit(admin, await xlsx(rows()));
    expect(run?.status).toBe("refused");
    expect(html).toContain(WORKPLACE_IMPORT_MESSAGES.refused(6));
    expect(html).toContain('data-testid="import-rejected-10"');
    expect(await counts()).toEqual(before);
    expect(await byName("Shopping Importado Um")).toBeUndefined();
    expect(await byName("Posto Renomeado Pela Planilha")).toBeUndefined();
    // One bad row among good ones is enough.
    const one = await commit(admin, await xlsx([...rows().slice(0, 3), rows()[4]]));
    expect(one.run?.status).toBe("refused");
    expect(one.html).toContain(WORKPLACE_IMPORT_MESSAGES.refused(1));
    expect(await counts()).toEqual(before);
  });

  it("the commit of a clean file writes every row in one go, queues geocoding for rows without coordinates, and audits counts only", async () => {
    const before = await counts();
    const { status, html, run } = await commit(admin, await xlsx(rows().slice(0, 3)));
    expect(status).toBe(200);
    expect(run?.status).toBe("done");
    expect(html).toContain("Importação concluída: 2 postos criados, 1 atualizado.");
    const after = await counts();
    // Two created, one audit entry, one geocoding job (the row with Lat/Long has none; the
    // update kept its address).
    expect(after).toEqual({ w: before.w + 2, l: before.l + 1, j: before.j + 1 });
    const updated = await byName("Posto Renomeado Pela Planilha");
    expect(updated).toMatchObject({ code: existingCode, members_count: 40 });
    expect(await byName("Posto Já Cadastrado")).toBeUndefined();
    const one = await byName("Shopping Importado Um");
    expect(one).toMatchObject({
      state: "DF",
      cep: "70716900",
      email: "brigada@um.example.com",
      position_source: "approximate",
      members_count: 12,
    });
    expect(one.code).toMatch(/^P\d{9}$/);
    const two = await byName("Escola Importada Dois");
    expect(two).toMatchObject({ city: "Brasília", state: "DF", lat: -15.8241, lon: -47.9312, position_source: "manual" });
    const [audit] = await t.query<{
      data: Record<string, unknown>;
      entity_id: string | null;
    }>`select data, entity_id from audit_log where action = 'workplace.imported' order by created_at desc limit 1`;
    expect(audit.data).toEqual({ total: 3, created: 2, updated: 1, rejected: 0 });
  });

  it("a .csv (';', BOM, headers in other case and with accents) imports the same way, operational fields included", async () => {
    const headers = [
      "Código",
      "Nome Fantasia",
      "Endereço",
      "Bairro",
      "Cidade",
      "Estado",
      "CEP",
      "Telefone_Comercial",
      "E-mail",
      "lat",
      "long",
      "QTD ASSOCIADOS",
      "qtd_bombeiros_civis_basicos",
      "possui_lider_brigada",
    ];
    const before = await counts();
    const file = csv(
      [["", "Hotel Planilha CSV", "SHS Quadra 6", "Asa Sul", "Brasília", "DF", "70316-000", "", "", "", "", "7", "9", "Sim"]],
      headers,
    );
    const dry = await send(admin, "import-preview", file, "postos.csv");
    expect(dry.status).toBe(200);
    expect([count(dry.html, "created"), count(dry.html, "rejected")]).toEqual([1, 0]);
    expect(await counts()).toEqual(before);
    const done = await commit(admin, file, "postos.csv");
    expect(done.run?.status).toBe("done");
    expect(await byName("Hotel Planilha CSV")).toMatchObject({
      members_count: 7,
      basic_firefighters: 9,
      has_brigade_leader: true,
      position_source: "approximate",
    });
    expect(await counts()).toEqual({ w: before.w + 1, l: before.l + 1, j: before.j + 1 });
  });

  it("a database failure in the middle of the commit leaves nothing written", async () => {
    await t.query`create or replace function import_test_fail() returns trigger language plpgsql as $$ begin if new.name = 'Falha Proposital' then raise exception 'falha de teste'; end if; return new; end $$`;
    await t.query`create trigger import_test_fail before insert on workplaces for each row execute function import_test_fail()`;
    try {
      const before = await counts();
      const file = await xlsx([
        ["", "Antes da Falha 1", "QNB 1", "", "Taguatinga", "DF", "72115-010", "", "", "", "", ""],
        ["", "Antes da Falha 2", "QNB 2", "", "Taguatinga", "DF", "72115-020", "", "", "", "", ""],
        ["", "Falha Proposital", "QNB 3", "", "Taguatinga", "DF", "72115-030", "", "", "", "", ""],
        ["", "Depois da Falha", "QNB 4", "", "Taguatinga", "DF", "72115-040", "", "", "", "", ""],
      ]);
      // Its rows look alike (same CEP sector): confirmed as distinct places (ADR 217), so the commit reaches the insert.
      const { html, run } = await commit(admin, file, "postos.xlsx", { confirmDuplicates: "on" });
      expect(run?.status).toBe("failed");
      expect(html).toContain(WORKPLACE_IMPORT_MESSAGES.error);
      expect(await counts()).toEqual(before);
      expect(await byName("Antes da Falha 1")).toBeUndefined();
    } finally {
      await t.query`drop trigger if exists import_test_fail on workplaces`;
      await t.query`drop function if exists import_test_fail()`;
    }
  });
});

describe("the row cap", () => {
  it("5,000 rows are checked and committed in one go", { timeout: 180_000 }, async () => {
    const before = await counts();
    const file = csv(
      Array.from({ length: 5000 }, (_, i) => [
        "",
        `Posto em Massa ${i}`,
        `Quadra ${i} Conjunto A`,
        "",
        "Brasília",
        "DF",
        "70000-000",
        "",
        "",
        "-15,8",
        "-47,9",
        "",
      ]),
    );
    // Every row shares one CEP: likely duplicates, confirmed (ADR 217).
    const { status, html, run } = await commit(admin, file, "massa.csv", { confirmDuplicates: "on" });
    expect(status, html.slice(0, 300)).toBe(200);
    expect(run?.status).toBe("done");
    expect(count(html, "created")).toBe(5000);
    expect(await counts()).toEqual({ w: before.w + 5000, l: before.l + 1, j: before.j });
  });
});

describe("refusals", () => {
  const good = () => xlsx([["", "Posto Intruso", "QNC 1", "", "Taguatinga", "DF", "72115-050", "", "", "", "", ""]]);

  it("a refused role gets 403 and nothing is written", async () => {
    for (const role of ["campo", "financeiro", "juridico"] as const) {
      const c = await t.login(role);
      const before = await counts();
      for (const intent of ["import-preview", "import-commit"]) {
        const { status, html } = await send(c, intent, await good());
        expect(status, `${role} ${intent}`).toBe(403);
        expect(html).toContain(FORBIDDEN_MESSAGE);
      }
      expect(await counts()).toEqual(before);
    }
    expect(await byName("Posto Intruso")).toBeUndefined();
  });

  it("a file that is not a spreadsheet gets a pt-BR 4xx, never a 500, and nothing is written", async () => {
    const before = await counts();
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e10000000049454e44ae426082",
      "hex",
    );
    const cases: Array<[Buffer | null, string, number, string]> = [
      [null, "postos.xlsx", 400, SPREADSHEET_MESSAGES.missing],
      [png, "foto.png", 415, SPREADSHEET_MESSAGES.unsupported],
      [Buffer.from("d0cf11e0a1b11ae1000000000000000000000000", "hex"), "postos.xls", 415, SPREADSHEET_MESSAGES.xls],
      [Buffer.from("PK\u0003\u0004 não é um zip de verdade"), "postos.xlsx", 422, SPREADSHEET_MESSAGES.unreadable],
      // A text file renamed .xlsx: decided by its content, not "missing columns".
      [Buffer.from("nome_fantasia;endereco;cep\nPosto;QNA 1;72110-015\n"), "postos.xlsx", 415, SPREADSHEET_MESSAGES.notXlsx],
      [Buffer.from("isto é só um texto\nsem colunas\n"), "notas.csv", 422, SPREADSHEET_MESSAGES.noHeaders("nome_fantasia, endereco, cep")],
      [csv([]), "vazio.csv", 422, SPREADSHEET_MESSAGES.empty],
    ];
    for (const [bytes, name, expected, message] of cases) {
      for (const intent of ["import-preview", "import-commit"]) {
        const { status, html } = await send(admin, intent, bytes, name);
        expect(status, `${name} ${intent}`).toBe(expected);
        expect(html, `${name} ${intent}`).toContain(message);
      }
    }
    // Only invalid rows: the commit refuses with 422.
    const bad = await commit(admin, await xlsx([["", "", "Sem nome", "", "Brasília", "DF", "70000-000", "", "", "", "", ""]]));
    expect(bad.run?.status).toBe("refused");
    expect(bad.html).toContain(WORKPLACE_IMPORT_MESSAGES.refused(1));
    expect(await counts()).toEqual(before);
  });

  it("more than 5,000 rows is refused with 413 before anything is written", async () => {
    const before = await counts();
    const many = csv(
      Array.from({ length: 5001 }, (_, i) => ["", `Posto ${i}`, `Quadra ${i}`, "", "Brasília", "DF", "70000-000", "", "", "", "", ""]),
    );
    const { status, html } = await send(admin, "import-preview", many, "muitos.csv");
    expect(status).toBe(413);
    expect(html).toContain(SPREADSHEET_MESSAGES.tooManyRows(5000));
    expect(await counts()).toEqual(before);
  });
});
