import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/suite";
import type { Client } from "../support/http";
import { createWorkplace } from "~/db/factories/field";
import { DUPLICATE_MESSAGES, duplicateReason, foldedWords, similarNames } from "~/domain/fieldwork/workplace-duplicates";
import { xlsxOf } from "../support/xlsx-files";
import { decodeHtml as decode } from "../support/html";
import { WORKPLACE_HEADERS } from "../support/fieldwork";
import { commitAndWait, importForm } from "../support/import-runs";

/**
 * Issue 19 item 13 (ADR 217): a likely duplicate workplace (same CEP, or a similar folded name
 * nearby) is warned about in the form (add and edit) and in the import's dry run, and saved only
 * when staff confirm it is another place.
 */
const PATH = "/dashboard/admin/mapa-postos";
const t = useTestServer({ env: () => ({ GEOCODER_URL: "http://127.0.0.1:9", JOBS_POLL_MS: "60000" }) });
let admin: Client;
let escola: { id: string; code: string };
let patio: { id: string; code: string };
let other: { id: string; code: string };

const countByName = async (name: string) =>
  (await t.query<{ n: number }>`select count(*)::int as n from workplaces where name = ${name}`)[0].n;

beforeAll(async () => {
  admin = await t.login("admin");
  escola = await createWorkplace(t.db, {
    name: "Escola Parque 308 Sul",
    address: "SQS 308",
    cep: "70355000",
    lat: -15.8135,
    lon: -47.8987,
    positionSource: "geocoder",
  });
  patio = await createWorkplace(t.db, {
    name: "Pátio Brasil Shopping",
    address: "SCS Quadra 7 Bloco A",
    cep: "70307902",
    lat: -15.7961,
    lon: -47.8919,
    positionSource: "geocoder",
  });
  other = await createWorkplace(t.db, {
    name: "Hospital Regional da Asa Norte",
    address: "SMHN Quadra 2",
    cep: "70710904",
    lat: -15.7778,
    lon: -47.8847,
    positionSource: "geocoder",
  });
});

describe("the matching rule", () => {
  it("folds names into word sets and finds the issue's examples, not unrelated places", () => {
    expect(foldedWords("Shopping Pátio Brasil")).toEqual(foldedWords("PATIO BRASIL - Shopping"));
    expect(similarNames(foldedWords("Shopping Pátio Brasil"), foldedWords("Pátio Brasil Shopping"))).toBe(true);
    expect(similarNames(foldedWords("Escola Parque 308 Sul"), foldedWords("Escola Parque 308 Sul (exemplo)"))).toBe(true);
    expect(similarNames(foldedWords("Escola Parque 308 Sul"), foldedWords("Hospital Regional da Asa Norte"))).toBe(false);
    const a = { name: "Escola Parque 308 Sul", cep: "70355030", position: null };
    expect(duplicateReason(a, { name: "Escola Parque 308 Sul", cep: "70355000", position: null })).toBe("name-sector");
    expect(duplicateReason(a, { name: "Escola Parque 308 Sul", cep: "72000000", position: null })).toBeNull();
    expect(duplicateReason({ name: "X", cep: "70355000", position: null }, { name: "Y", cep: "70355000", position: null })).toBe("cep");
    // Known positions: 150 m apart is near, 2 km is not.
    const p = { lat: -15.8, lon: -47.9 };
    expect(
      duplicateReason(
        { name: "Pátio Brasil", cep: "70000001", position: p },
        { name: "Patio Brasil", cep: "71000001", position: { lat: -15.8013, lon: -47.9 } },
      ),
    ).toBe("name-near");
    expect(
      duplicateReason(
        { name: "Pátio Brasil", cep: "70000001", position: p },
        { name: "Patio Brasil", cep: "71000001", position: { lat: -15.818, lon: -47.9 } },
      ),
    ).toBeNull();
  });
});

describe("the workplace form", () => {
  const form = (over: Record<string, string>) => ({
    intent: "create",
    name: "",
    cep: "",
    address: "Endereço de teste",
    neighbourhood: "",
    city: "Brasília",
    state: "DF",
    phone: "",
    email: "",
    ...over,
  });

  it("warns about 'Escola Parque 308 Sul' at CEP 70355-030 beside 70355-000, writes nothing, then saves once confirmed (audited)", async () => {
    const body = form({ name: "Escola Parque 308 Sul", cep: "70355-030", address: "SQS 308 Bloco Escola" });
    const refused = await admin.post(PATH, body);
    expect(refused.status).toBe(422);
    const html = decode(await refused.text());
    expect(html).toContain("Possível posto duplicado");
    expect(html).toContain(escola.code);
    expect(html).toContain(DUPLICATE_MESSAGES.confirmLabel);
    expect(await countByName("Escola Parque 308 Sul")).toBe(1);
    const saved = await admin.post(PATH, { ...body, confirmDuplicate: "on" });
    expect(saved.status).toBe(200);
    expect(await countByName("Escola Parque 308 Sul")).toBe(2);
    const [audit] = await t.query<{
      data: { confirmedNotDuplicateOf?: string[] };
    }>`select data from audit_log where action = 'workplace.created' order by id desc limit 1`;
    expect(audit.data.confirmedNotDuplicateOf).toEqual([escola.code]);
  });

  it("warns about 'Shopping Pátio Brasil' beside 'Pátio Brasil Shopping' (same CEP sector)", async () => {
    const res = await admin.post(PATH, form({ name: "Shopping Pátio Brasil", cep: "70307-000", address: "SCS Quadra 7" }));
    expect(res.status).toBe(422);
    expect(decode(await res.text())).toContain(patio.code);
    expect(await countByName("Shopping Pátio Brasil")).toBe(0);
  });

  it("warns on the same CEP whatever the name, and not for a distinct place", async () => {
    const same = await admin.post(PATH, form({ name: "Clínica Asa Norte", cep: "70710-904", address: "SMHN Quadra 2 Bloco C" }));
    expect(same.status).toBe(422);
    expect(decode(await same.text())).toContain(other.code);
    const distinct = await admin.post(PATH, form({ name: "Condomínio Águas Claras Park", cep: "71900-100", address: "Rua 12 Norte" }));
    expect(distinct.status).toBe(200);
  });

  it("an edit that renames a workplace into a duplicate asks too; an edit of the phone does not", async () => {
    const w = await createWorkplace(t.db, { name: "Posto Provisório", address: "SCS Quadra 8", cep: "70308000" });
    const edit = {
      intent: "update",
      id: w.id,
      name: "Patio Brasil Shopping Center",
      cep: "70307-100",
      address: "SCS Quadra 8",
      neighbourhood: "",
      city: "Brasília",
      state: "DF",
      phone: "",
      email: "",
    };
    const refused = await admin.post(PATH, edit);
    expect(refused.status).toBe(422);
    expect(decode(await refused.text())).toContain(patio.code);
    expect((await t.query<{ name: string }>`select name from workplaces where id = ${w.id}`)[0].name).toBe("Posto Provisório");
    expect((await admin.post(PATH, { ...edit, confirmDuplicate: "on" })).status).toBe(200);
    expect((await admin.post(PATH, { ...edit, phone: "(61) 3333-4444" })).status).toBe(200);
  });
});

describe("the workplace import's dry run", () => {
  const file = () =>
    xlsxOf(WORKPLACE_HEADERS, [
      ["", "Escola Parque 308 Sul", "SQS 308 Área Especial", "Asa Sul", "Brasília", "DF", "70355-030", "", "", "", "", 0],
      ["", "Posto Novo Sem Igual", "QNM 40", "Ceilândia", "Brasília", "DF", "72220-400", "", "", "", "", 0],
      ["", "Sem Igual, Posto Novo", "QNM 40 Lote 2", "Ceilândia", "Brasília", "DF", "72220-410", "", "", "", "", 0],
    ]);
  const form = async (intent: string, extra: Record<string, string> = {}) => importForm(intent, await file(), "postos.xlsx", extra);
  async function send(intent: string, extra: Record<string, string> = {}) {
    const res = await admin.post(PATH, await form(intent, extra));
    return { status: res.status, html: decode(await res.text()) };
  }
  /** The commit runs as a job (ADR 253): its end, and the page shown then. */
  const commit = async (extra: Record<string, string> = {}) =>
    commitAndWait(admin, t.query, "workplaces", PATH, await form("import-commit", extra));
  const total = async () => (await t.query<{ n: number }>`select count(*)::int as n from workplaces`)[0].n;

  it("lists the likely duplicates (against the map and within the file) and writes nothing", async () => {
    const before = await total();
    const r = await send("import-preview");
    expect(r.status).toBe(200);
    expect(r.html).toContain("Possíveis duplicados");
    expect(r.html).toMatch(/data-testid="import-warning-2"/);
    expect(r.html).toContain(escola.code);
    // Row 4 is row 3 of the same file with its words in another order, in the same CEP sector.
    expect(r.html).toMatch(/data-testid="import-warning-4"/);
    expect(r.html).toContain("Possível duplicado da linha 3 da planilha");
    expect(r.html).not.toMatch(/data-testid="import-warning-3"/);
    expect(await total()).toBe(before);
  });

  it("a commit without the confirmation is refused (nothing written); with it, every row is imported and audited", async () => {
    const before = await total();
    const refused = await commit();
    expect(refused.run?.status).toBe("refused");
    expect(refused.html).toContain("Nada foi importado: 2 linhas parecem duplicar postos");
    expect(await total()).toBe(before);
    const ok = await commit({ confirmDuplicates: "on" });
    expect(ok.run?.status).toBe("done");
    expect(await total()).toBe(before + 3);
    const [audit] = await t.query<{
      data: { possibleDuplicatesConfirmed?: number };
    }>`select data from audit_log where action = 'workplace.imported' order by id desc limit 1`;
    expect(audit.data.possibleDuplicatesConfirmed).toBe(2);
  });
});
