import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { useTestServer } from "../support/suite";
import type { Client } from "../support/http";
import { createMember, fictitiousCpf } from "~/db/factories/members";
import { createServiceRecordRow } from "~/db/factories/services";
import { FORBIDDEN_MESSAGE } from "~/auth/screens";
import { MEMBER_IMPORT_COLUMNS, MEMBER_IMPORT_MESSAGES, importDate } from "~/domain/members/import-members.server";
import { downloadXlsx, expectImportTemplate, farCellXlsx, millionRowsXlsx, rawXlsx, xlsxOf, zip, zipBombXlsx } from "../support/xlsx-files";
import { MEMBER_MESSAGES } from "~/domain/members/member.schema";
import { MEMBER_PHOTO_MESSAGES } from "~/domain/members/member-photo.server";
import { SPREADSHEET_MESSAGES } from "~/domain/imports/spreadsheet.server";
import { BR_MESSAGES } from "~/lib/br/messages";
import { formatCpf, maskCpfForList } from "~/lib/br/cpf";
import { todayInBrasilia } from "~/lib/dates";
import { decodeHtml as decode } from "../support/html";
import { commitAndWait, importCount as count, importForm } from "../support/import-runs";
import { memberRow } from "../support/member-rows";
import { expectReencodedPhoto } from "../support/stored-files";
import { solidImage } from "../fixtures/images";

/** Members (issue 8): the import from the old system, the member's photo and the XLSX export. */
const t = useTestServer();
const PATH = "/dashboard/admin/members/importar";
let admin: Client;

const HEADERS = [
  "matricula",
  "nome_associado",
  "data_nascimento",
  "sexo",
  "endereco",
  "cidade",
  "estado",
  "cep",
  "telefone_celular",
  "telefone_residencia",
  "email",
  "cpf",
  "data_cadastro",
  "situacao",
  "posto_trabalho",
  "status",
  "observacao",
];
type Cells = (string | number)[];
/** A row in the old system's column order, from the fields given. */
function line(v: Partial<Record<(typeof HEADERS)[number], string | number>>): Cells {
  return HEADERS.map((h) => v[h] ?? "");
}

const xlsx = (rows: Cells[], headers: string[] = HEADERS) => xlsxOf(headers, rows);
function csv(rows: Cells[], headers: string[] = HEADERS) {
  const l = (cells: Cells) => cells.map((c) => `"${String(c).replace(/"/g, '""')}"`).join(";");
  return Buffer.from("\uFEFF" + [headers, ...rows].map(l).join("\r\n") + "\r\n", "utf8");
}
/** A zip with a document inside, but no workbook. */
const rawZipWithoutWorkbook = () => zip([{ name: "word/document.xml", data: "<w:document/>" }]);
async function send(client: Client, path: string, intent: string, field: string, bytes: Buffer | null, name: string) {
  const fd = new FormData();
  fd.set("intent", intent);
  if (bytes) fd.set(field, new Blob([new Uint8Array(bytes)]), name);
  const res = await client.post(path, fd);
  return { status: res.status, html: decode(await res.text()) };
}
const importFile = (c: Client, intent: string, bytes: Buffer | null, name = "associado.xlsx") =>
  send(c, PATH, intent, "arquivo", bytes, name);
/** The commit runs as a job (ADR 253): posted, then followed to its end; `html` is the page then. */
function commit(c: Client, bytes: Buffer | null, name = "associado.xlsx") {
  return commitAndWait(c, t.query, "members", PATH, importForm("import-commit", bytes, name));
}
/** Rows of members, files and audit entries (but the page re-render's CPF view and logins). */
async function counts() {
  const [row] = await t.query<{
    m: number;
    l: number;
    f: number;
  }>`select (select count(*)::int from members) as m, (select count(*)::int from audit_log where action not in ('member.cpf_viewed', 'login', 'access.refused')) as l, (select count(*)::int from files) as f`;
  return row;
}
const byCpf = (cpf: string) => memberRow(t.query, "cpf", cpf);

const cpf = (n: number) => fictitiousCpf(900_000 + n);
let existing: { id: string; registrationNumber: number; cpf: string };
let other: { registrationNumber: number; cpf: string };
let third: { registrationNumber: number; cpf: string };

beforeAll(async () => {
  admin = await t.login("admin");
  const m = await createMember(t.db, { registrationNumber: 70001, name: "Filiado Já Cadastrado", city: "Gama", notes: "Nota antiga" });
  existing = { id: m.id, registrationNumber: 70001, cpf: m.cpf! };
  const o = await createMember(t.db, { registrationNumber: 70002, name: "Outro Filiado" });
  other = { registrationNumber: 70002, cpf: o.cpf! };
  const th = await createMember(t.db, { registrationNumber: 70003, name: "Terceiro Filiado" });
  third = { registrationNumber: 70003, cpf: th.cpf! };
});

describe("dates of the old system", () => {
  it("reads dd/mm/aaaa and ISO, refuses impossible dates", () => {
    expect(importDate("05/03/1980")).toBe("1980-03-05");
    expect(importDate("5/3/1980")).toBe("1980-03-05");
    expect(importDate("1980-03-05")).toBe("1980-03-05");
    expect(importDate("31/02/1980")).toBeNull();
    expect(importDate("1980/03/05")).toBeNull();
    expect(importDate("ontem")).toBeNull();
  });
});

describe("the template", () => {
  it("is an .xlsx with the old system's associado columns; another role is sent to its panel", async () => {
    await expectImportTemplate(admin, `${PATH}/modelo`, "modelo-filiados.xlsx", MEMBER_IMPORT_COLUMNS, HEADERS);
    const rh = await t.login("rh");
    for (const path of [PATH, `${PATH}/modelo`]) {
      const refused = await rh.get(path);
      expect(refused.status, path).toBe(302);
      expect(refused.headers.get("location")).toBe("/dashboard/rh");
    }
    const page = await admin.get(PATH);
    expect(page.status).toBe(200);
    expect(decode(await page.text())).toContain("Importar planilha de filiados");
  });
});

describe("dry run, then commit", () => {
  // Rows 2..12 of the sheet.
  const rows = (): Cells[] => [
    // 2: updates by registration number (CPF the same), blank cells keep what is there.
    line({
      matricula: existing.registrationNumber,
      nome_associado: "Filiado Atualizado Pela Planilha",
      cpf: formatCpf(existing.cpf),
      situacao: 3,
      email: "novo@exemplo.com.br",
    }),
    // 3: new, with its registration number kept.
    line({
      matricula: 80001,
      nome_associado: "João da Conceição",
      cpf: formatCpf(cpf(1)),
      data_nascimento: "05/03/1980",
      data_cadastro: "2010-02-01",
      situacao: 1,
      cidade: "Ceilândia",
      estado: "df",
      cep: "72215-120",
      telefone_celular: "61912345678",
      posto_trabalho: "Shopping Conjunto Nacional",
    }),
    // 4: new, no registration number: the next free one; no situação.
    line({ nome_associado: "Maria Antônia Sem Matrícula", cpf: cpf(2) }),
    // 5: invalid CPF.
    line({ nome_associado: "CPF Errado", cpf: "123.456.789-00" }),
    // 6: CPF repeated in the file (row 3's).
    line({ nome_associado: "CPF Repetido", cpf: cpf(1) }),
    // 7: a bad date.
    line({ nome_associado: "Data Ruim", cpf: cpf(3), data_nascimento: "31/02/1980" }),
    // 8: a bad situação.
    line({ nome_associado: "Situação Ruim", cpf: cpf(4), situacao: 7 }),
    // 9: an existing member's CPF under another registration number.
    line({ matricula: 80009, nome_associado: "CPF de Outro", cpf: third.cpf }),
    // 10: no name.
    line({ cpf: cpf(5) }),
    // 11: registration number repeated in the file (row 3's).
    line({ matricula: 80001, nome_associado: "Matrícula Repetida", cpf: cpf(6) }),
    // 12: updates by CPF (no registration number).
    line({ nome_associado: "Outro Filiado Pelo CPF", cpf: other.cpf, observacao: "Veio do sistema antigo" }),
  ];

  it("the dry run reports created, updated and rejected rows with line and every problem, and writes nothing", async () => {
    const before = await counts();
    const { status, html } = await importFile(admin, "import-preview", await xlsx(rows()));
    expect(status).toBe(200);
    expect(html).toContain(MEMBER_IMPORT_MESSAGES.withProblems(7));
    expect([count(html, "total"), count(html, "created"), count(html, "updated"), count(html, "rejected")]).toEqual([11, 2, 2, 7]);
    for (const row of [5, 6, 7, 8, 9, 10, 11]) expect(html, `linha ${row}`).toContain(`data-testid="import-rejected-${row}"`);
    expect(html).toContain(BR_MESSAGES.cpfInvalid);
    expect(html).toContain(MEMBER_IMPORT_MESSAGES.duplicateCpf(3));
    // 31/02/1980 is written dd/mm/aaaa: the message says the date does not exist, not the form.
    expect(html).toContain(MEMBER_IMPORT_MESSAGES.dateMissing("Data de nascimento"));
    expect(html).not.toContain(MEMBER_IMPORT_MESSAGES.date("Data de nascimento"));
    expect(html).toContain(MEMBER_IMPORT_MESSAGES.situation);
    expect(html).toContain(MEMBER_IMPORT_MESSAGES.cpfOfOther(third.registrationNumber));
    expect(html).toContain("Nome é obrigatório.");
    expect(html).toContain(MEMBER_IMPORT_MESSAGES.duplicateRegistration(3));
    // A file with problems cannot be confirmed.
    expect(html).not.toContain("Confirmar importação");
    // Never a full CPF in the report.
    expect(html).not.toContain(cpf(1));
    const link = html.match(/href="data:text\/csv;charset=utf-8,([^"]+)"/);
    expect(link).not.toBeNull();
    const report = decodeURIComponent(link![1]);
    // The one CSV writer (ADR 176): `;`, every field quoted.
    const reportRows = parse(report, { bom: true, delimiter: ";" }) as string[][];
    expect(reportRows).toContainEqual(["resumo", "rejeitados", "7"]);
    expect(reportRows).toContainEqual(["5", "CPF Errado", BR_MESSAGES.cpfInvalid]);
    expect(report).toContain('"resumo";"rejeitados";"7"\r\n');
    expect(await counts()).toEqual(before);
    expect(await byCpf(cpf(1))).toBeUndefined();
  });

  it("a row's every problem is reported, not only the first rule that failed", async () => {
    const file = await xlsx([
      line({ matricula: 80050, nome_associado: "Três Problemas", cpf: "123.456.789-00", data_nascimento: "31/02/1980", situacao: 7 }),
      line({ nome_associado: "Data Fora do Formato", cpf: cpf(30), data_cadastro: "1980/03/05", estado: "XX", email: "não-é-email" }),
    ]);
    const { status, html } = await importFile(admin, "import-preview", file);
    expect(status).toBe(200);
    const cell = (row: number) => html.match(new RegExp(`data-testid="import-rejected-${row}">(.*?)</tr>`, "s"))?.[1] ?? "";
    const three = cell(2);
    expect(three).toContain(BR_MESSAGES.cpfInvalid);
    expect(three).toContain(MEMBER_IMPORT_MESSAGES.dateMissing("Data de nascimento"));
    expect(three).toContain(MEMBER_IMPORT_MESSAGES.situation);
    const other = cell(3);
    expect(other).toContain(MEMBER_IMPORT_MESSAGES.date("Data de cadastro"));
    expect(other).toContain(MEMBER_IMPORT_MESSAGES.state);
    expect(other).toContain(MEMBER_MESSAGES.emailInvalid);
  });

  it("the commit of a file with good rows and one bad row writes nothing, and says why", async () => {
    const before = await counts();
    const file = await xlsx([
      line({ matricula: existing.registrationNumber, nome_associado: "Não Deve Ser Gravado", cpf: existing.cpf }),
      line({ nome_associado: "Boa Linha Um", cpf: cpf(40) }),
      line({ nome_associado: "Boa Linha Dois", cpf: cpf(41), data_nascimento: "05/03/1980" }),
      line({ nome_associado: "Linha Ruim", cpf: cpf(42), data_nascimento: "31/02/1980" }),
    ]);
    const { status, html, run } = await commit(admin, file);
    expect(status).toBe(200);
    expect(run?.status).toBe("refused");
    expect(html).toContain(MEMBER_IMPORT_MESSAGES.refused(1));
    // The refusal shows the report with the row to fix.
    expect(html).toContain('data-testid="import-rejected-5"');
    expect(html).toContain(MEMBER_IMPORT_MESSAGES.dateMissing("Data de nascimento"));
    expect(await counts()).toEqual(before);
    for (const n of [40, 41, 42]) expect(await byCpf(cpf(n)), `cpf ${n}`).toBeUndefined();
    expect((await byCpf(existing.cpf)).name).toBe("Filiado Já Cadastrado");
  });

  it("the commit of a clean file writes every row, keeps given registration numbers, numbers the rest, and audits counts only", async () => {
    const before = await counts();
    const clean = rows().filter((_, i) => [0, 1, 2, 10].includes(i));
    const { status, html, run } = await commit(admin, await xlsx(clean));
    expect(status, html.slice(0, 400)).toBe(200);
    expect(run).toMatchObject({ status: "done", processed: 4, total: 4 });
    expect(html).toContain("Importação concluída: 2 filiados criados, 2 atualizados.");
    expect(await counts()).toEqual({ m: before.m + 2, l: before.l + 1, f: before.f });
    expect(await byCpf(existing.cpf)).toMatchObject({
      registration_number: existing.registrationNumber,
      name: "Filiado Atualizado Pela Planilha",
      situation: 3,
      status: "inativo",
      email: "novo@exemplo.com.br",
      city: "Gama",
      notes: "Nota antiga",
    });
    expect(await byCpf(cpf(1))).toMatchObject({
      registration_number: 80001,
      name: "João da Conceição",
      birth_date: "1980-03-05",
      joined_on: "2010-02-01",
      situation: 1,
      status: "ativo",
      city: "Ceilândia",
      mobile_phone: "(61) 91234-5678",
      workplace_name: "Shopping Conjunto Nacional",
    });
    const [{ max }] = await t.query<{ max: number }>`select max(registration_number)::int as max from members where cpf <> ${cpf(2)}`;
    expect(await byCpf(cpf(2))).toMatchObject({
      registration_number: max + 1,
      situation: null,
      status: "ativo",
      joined_on: todayInBrasilia(),
    });
    expect(await byCpf(other.cpf)).toMatchObject({
      registration_number: other.registrationNumber,
      name: "Outro Filiado Pelo CPF",
      notes: "Veio do sistema antigo",
    });
    for (const n of [3, 4, 5, 6]) expect(await byCpf(cpf(n)), `cpf ${n}`).toBeUndefined();
    // The stored folded name (ADR 126) follows every imported name, created or updated.
    const folded = async (c: string) =>
      (await t.query<{ name_folded: string }>`select name_folded from members where cpf = ${c}`)[0]?.name_folded;
    expect(await folded(existing.cpf)).toBe("filiado atualizado pela planilha");
    expect(await folded(cpf(1))).toBe("joao da conceicao");
    expect(await folded(cpf(2))).toBe("maria antonia sem matricula");
    expect(await folded(other.cpf)).toBe("outro filiado pelo cpf");
    const [audit] = await t.query<{
      data: Record<string, unknown>;
      entity_id: string | null;
    }>`select data, entity_id from audit_log where action = 'member.imported' order by created_at desc limit 1`;
    expect(audit).toEqual({ data: { total: 4, created: 2, updated: 2, rejected: 0 }, entity_id: null });
  });

  it("a .csv (';', BOM, headers with accents and other case, CPF without leading zeros) imports the same way", async () => {
    const headers = ["Matrícula", "Nome_Associado", "CPF", "Data_Cadastro", "Situação"];
    const zeroCpf = "01234567890";
    const before = await counts();
    const file = csv([["", "Zélia Planilha CSV", zeroCpf.replace(/^0+/, ""), "01/01/2001", "4"]], headers);
    const dry = await importFile(admin, "import-preview", file, "associado.csv");
    expect(dry.status).toBe(200);
    expect([count(dry.html, "created"), count(dry.html, "rejected")]).toEqual([1, 0]);
    expect(await counts()).toEqual(before);
    const done = await commit(admin, file, "associado.csv");
    expect(done.status).toBe(200);
    expect(done.run?.status).toBe("done");
    expect(await byCpf(zeroCpf)).toMatchObject({ name: "Zélia Planilha CSV", joined_on: "2001-01-01", situation: 4, status: "afastado" });
  });

  it("a database failure in the middle of the commit leaves nothing written", async () => {
    await t.query`create or replace function member_import_fail() returns trigger language plpgsql as $$ begin if new.name = 'Falha Proposital' then raise exception 'falha de teste'; end if; return new; end $$`;
    await t.query`create trigger member_import_fail before insert or update on members for each row execute function member_import_fail()`;
    try {
      const before = await counts();
      const file = await xlsx([
        line({ matricula: existing.registrationNumber, nome_associado: "Não Deve Ficar", cpf: existing.cpf }),
        line({ nome_associado: "Antes da Falha", cpf: cpf(10) }),
        line({ nome_associado: "Falha Proposital", cpf: cpf(11) }),
        line({ nome_associado: "Depois da Falha", cpf: cpf(12) }),
      ]);
      const { html, run } = await commit(admin, file);
      expect(run?.status).toBe("failed");
      expect(html).toContain(MEMBER_IMPORT_MESSAGES.error);
      expect(await counts()).toEqual(before);
      expect(await byCpf(cpf(10))).toBeUndefined();
      expect((await byCpf(existing.cpf)).name).toBe("Filiado Atualizado Pela Planilha");
    } finally {
      await t.query`drop trigger if exists member_import_fail on members`;
      await t.query`drop function if exists member_import_fail()`;
    }
  });
});

describe("import refusals", () => {
  it("roles other than admin get 403 and nothing is written", async () => {
    const file = await xlsx([line({ nome_associado: "Intruso", cpf: cpf(20) })]);
    for (const role of ["rh", "presidencia", "secretaria", "campo"] as const) {
      const c = await t.login(role);
      const before = await counts();
      for (const intent of ["import-preview", "import-commit"]) {
        const { status, html } = await importFile(c, intent, file);
        expect(status, `${role} ${intent}`).toBe(403);
        expect(html).toContain(FORBIDDEN_MESSAGE);
      }
      expect(await counts()).toEqual(before);
    }
    expect(await byCpf(cpf(20))).toBeUndefined();
  });

  it("a file that is not a spreadsheet, or has no valid row, gets a pt-BR 4xx and nothing is written", async () => {
    const before = await counts();
    // Refused at once (4xx) when the start of the file shows it; a row's problems are the job's (refused).
    const cases: Array<[Buffer | null, string, number | "refused", string]> = [
      [null, "associado.xlsx", 400, SPREADSHEET_MESSAGES.missing],
      [Buffer.from("d0cf11e0a1b11ae1000000000000000000000000", "hex"), "associado.xls", 415, SPREADSHEET_MESSAGES.xls],
      [Buffer.from("texto solto\nsem colunas\n"), "notas.csv", 422, SPREADSHEET_MESSAGES.noHeaders("nome_associado, cpf")],
      // A text file renamed .xlsx: decided by its content (no zip signature), not "missing columns".
      [Buffer.from("nome_associado;cpf\nFulano;529.982.247-25\n"), "associado.xlsx", 415, SPREADSHEET_MESSAGES.notXlsx],
      // A zip that is no workbook (a renamed .docx, say).
      [await rawZipWithoutWorkbook(), "associado.xlsx", 415, SPREADSHEET_MESSAGES.notXlsx],
      [
        await xlsx([line({ nome_associado: "Só Inválida", cpf: "111.111.111-11" })]),
        "associado.xlsx",
        "refused",
        MEMBER_IMPORT_MESSAGES.refused(1),
      ],
    ];
    for (const [bytes, name, expected, message] of cases) {
      const { status, html, run } = await commit(admin, bytes, name);
      if (expected === "refused") expect(run?.status, name).toBe("refused");
      else expect([status, run], name).toEqual([expected, undefined]);
      expect(html, name).toContain(message);
    }
    expect(await counts()).toEqual(before);
  });
});

describe("hostile spreadsheets", () => {
  it("a declared dimension past the row cap is refused at once, before any row is read", async () => {
    const before = await counts();
    // The sheet declares 1,048,576 rows; what follows the dimension is not even well-formed XML,
    // so only a reader that stops at the dimension answers 413 (one that builds the workbook
    // first answers 'não foi possível ler' or runs out of memory).
    const declared = await rawXlsx(
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:XFD1048576"/><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>nome_associado</t></is></c></row><row <<< quebrado',
    );
    const far = await farCellXlsx("A1:XFD1048576");
    for (const [name, file] of [
      ["declared", declared],
      ["far", far],
    ] as const) {
      const started = performance.now();
      const { status, html } = await importFile(admin, "import-preview", file);
      expect(status, name).toBe(413);
      expect(html, name).toContain(SPREADSHEET_MESSAGES.tooManyRows(50_000));
      expect(performance.now() - started, name).toBeLessThan(5000);
    }
    // The 1.6 KB file whose only cell is XFD1048576 (no range declared) has no header row.
    const lone = await importFile(admin, "import-preview", await farCellXlsx());
    expect(lone.status).toBe(422);
    expect(lone.html).toContain(SPREADSHEET_MESSAGES.empty);
    expect(await counts()).toEqual(before);
  });

  it("a zip bomb is refused while inflating, whether its sheet declares its real size or lies about it", async () => {
    const before = await counts();
    for (const [name, file] of [
      ["honest", await zipBombXlsx(300)],
      ["lying", await zipBombXlsx(300, 2048)],
    ] as const) {
      // Refused at once when the sheet declares its size; otherwise while the job inflates it.
      const { status, html, run } = await commit(admin, file);
      if (run) expect(run, name).toMatchObject({ status: "failed", message: SPREADSHEET_MESSAGES.unzippedTooLarge });
      else expect(status, name).toBe(413);
      expect(html, name).toContain(SPREADSHEET_MESSAGES.unzippedTooLarge);
    }
    expect(await counts()).toEqual(before);
  });

  it("more data rows than the cap, with no dimension declared, is refused while counting", async () => {
    const { status, html } = await importFile(admin, "import-preview", await millionRowsXlsx({ rows: 50_001, dimension: false }));
    expect(status).toBe(413);
    expect(html).toContain(SPREADSHEET_MESSAGES.tooManyRows(50_000));
  });
});

describe("the member's photo", () => {
  const memberPath = (id: string, base = "/dashboard/admin/members") => `${base}/${id}`;
  const gpsPhoto = () =>
    sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 160, g: 40, b: 30 } } })
      .jpeg()
      .withExif({
        IFD0: { Make: "CameraDoFiliado", Model: "Modelo GPS" },
        IFD3: { GPSLatitudeRef: "S", GPSLatitude: "15/1 47/1 5100/100", GPSLongitudeRef: "W", GPSLongitude: "47/1 53/1 2800/100" },
      })
      .toBuffer();

  it("is re-encoded without metadata, shrunk, shown on the page and served only to the member screen's roles; replacing deletes the old file", async () => {
    const m = await createMember(t.db, { name: "Filiada Com Foto" });
    const rh = await t.login("rh");
    const up = await send(rh, memberPath(m.id, "/dashboard/rh/members"), "photo-upload", "foto", await gpsPhoto(), "IMG_0001.jpg");
    expect(up.status, up.html.slice(0, 300)).toBe(200);
    expect(up.html).toContain(MEMBER_PHOTO_MESSAGES.saved);
    const row = await byCpf(m.cpf!);
    expect(row.photo_file_id).not.toBeNull();
    await expectReencodedPhoto(t.query, row.photo_file_id!, "member-photo", 800, "CameraDoFiliado");
    // The page shows it; each allowed role reads it; others are refused.
    const page = decode(await (await admin.get(memberPath(m.id))).text());
    expect(page).toContain(`/dashboard/admin/members/${m.id}/foto?v=`);
    for (const role of ["admin", "presidencia", "secretaria"] as const) {
      const res = await (await t.login(role)).get(`${memberPath(m.id)}/foto`);
      expect(res.status, role).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    for (const role of ["juridico", "campo", "financeiro"] as const) {
      const res = await (await t.login(role)).get(`${memberPath(m.id)}/foto`);
      expect(res.status, role).toBe(403);
    }
    const anonymous = await t.anonymous().get(`${memberPath(m.id)}/foto`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login/);
    const [audit] = await t.query<{
      data: Record<string, unknown>;
    }>`select data from audit_log where action = 'member.photo_changed' and entity_id = ${m.id}`;
    expect(audit.data).toEqual({ registrationNumber: row.registration_number, removed: false });
    // A new photo replaces the old file; removing deletes it.
    const before = await counts();
    const again = await send(admin, memberPath(m.id), "photo-upload", "foto", await solidImage("png", 40, 40, "#00ff0080", 4), "x.png");
    expect(again.status).toBe(200);
    expect((await counts()).f).toBe(before.f);
    const removed = await send(admin, memberPath(m.id), "photo-remove", "foto", null, "");
    expect(removed.status).toBe(200);
    expect((await byCpf(m.cpf!)).photo_file_id).toBeNull();
    expect((await counts()).f).toBe(before.f - 1);
    expect((await admin.get(`${memberPath(m.id)}/foto`)).status).toBe(404);
  });

  it("a file that is not an image gets 415, a too large one 413, a missing one 400, a refused role 403; nothing is written", async () => {
    const m = await createMember(t.db, { name: "Filiado Sem Foto" });
    const juridico = await t.login("juridico");
    const before = await counts();
    const cases: Array<[Client, Buffer | null, number, string]> = [
      [admin, Buffer.from("%PDF-1.4 não é foto"), 415, MEMBER_PHOTO_MESSAGES.type],
      [admin, Buffer.alloc(6 * 1024 * 1024, 0xff), 413, MEMBER_PHOTO_MESSAGES.tooLarge],
      [admin, null, 400, MEMBER_PHOTO_MESSAGES.missing],
      [juridico, await gpsPhoto(), 403, FORBIDDEN_MESSAGE],
    ];
    for (const [client, bytes, status, message] of cases) {
      const res = await send(client, memberPath(m.id), "photo-upload", "foto", bytes, "foto.jpg");
      expect(res.status, message).toBe(status);
      expect(res.html).toContain(message);
    }
    expect(await counts()).toEqual(before);
    expect((await byCpf(m.cpf!)).photo_file_id).toBeNull();
  });
});

describe("the XLSX export", () => {
  const sheet = (client: Client, base: string, query = "") =>
    downloadXlsx(client, `${base}/exportar?formato=xlsx${query}`, /filiados-\d{4}-\d{2}-\d{2}\.xlsx/);

  it("holds the filtered list, the CPF masked unless the role may see it, and is audited", async () => {
    const m = await createMember(t.db, { name: "Exportação Planilha Única", situation: 1 });
    const full = await sheet(admin, "/dashboard/admin/members", "&q=Planilha%20%C3%9Anica");
    expect(full[0]).toContain("nome_associado");
    expect(full.length).toBe(2);
    expect(full[1][1]).toBe("Exportação Planilha Única");
    expect(full[1][2]).toBe(formatCpf(m.cpf!));
    const masked = await sheet(await t.login("presidencia"), "/dashboard/admin/members", "&q=Planilha%20%C3%9Anica");
    expect(masked[1][2]).toBe(maskCpfForList(m.cpf!));
    const [audit] = await t.query<{
      data: Record<string, unknown>;
    }>`select data from audit_log where action = 'member.list_exported' order by created_at desc limit 1`;
    expect(audit.data).toEqual({ rows: 1, tab: "todos", searched: true, fullCpf: false, format: "xlsx" });
    const refused = await (await t.login("juridico")).get("/dashboard/admin/members/exportar?formato=xlsx");
    expect(refused.status).toBe(403);
  });
});

describe("the member's service records and charges", () => {
  it("are on the member's page and in the LGPD export", async () => {
    const m = await createMember(t.db, { name: "Filiado Com Histórico" });
    const record = await createServiceRecordRow(t.db, { memberId: m.id, serviceType: "Consulta trabalhista" });
    await t.query`insert into charges (member_id, amount_centavos, reference_month, reference_year, due_date) values (${m.id}, 4500, 3, 2026, '2026-03-10')`;
    const page = decode(await (await admin.get(`/dashboard/admin/members/${m.id}`)).text());
    expect(page).toContain(record.protocol);
    expect(page).toContain("Consulta trabalhista");
    // Charges on the page come from the finance card (finance roles: admin here); 2026-03-10 is past.
    expect(page).toContain("03/2026");
    expect(page).toContain("Vencido");
    const res = await admin.get(`/dashboard/admin/members/${m.id}/exportar?formato=json`);
    expect(res.status).toBe(200);
    const data = (await res.json()) as { atendimentos: Record<string, string>[]; mensalidades: Record<string, string | null>[] };
    expect(data.atendimentos.map((r) => r.Protocolo)).toEqual([record.protocol]);
    expect(data.atendimentos[0]["Tipo de atendimento"]).toBe("Consulta trabalhista");
    expect(data.mensalidades).toEqual([
      { Referência: "03/2026", Valor: "R$\u00a045,00", Vencimento: "10/03/2026", Situação: "Vencida", "Pago em": null },
    ]);
  });
});
