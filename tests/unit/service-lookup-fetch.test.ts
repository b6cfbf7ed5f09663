import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isCompanyLookupBody, isMemberLookupBody, lookupJson } from "~/components/service-records/lookup-fetch";
import { startFakeJsonService, type FakeJsonService } from "../fakes/json-service";
import { listenOnLoopback } from "../fakes/listen";

/**
 * The service form's look-up client (ADR 137) against real HTTP: a local fake of each endpoint
 * that answers, fails, hangs or answers garbage, and a port where nothing listens.
 */
let member: FakeJsonService;
let company: FakeJsonService;
let shape: { url: string; close: () => Promise<void>; body: string };
beforeAll(async () => {
  member = await startFakeJsonService(
    (url) => ({
      status: 200,
      body:
        url.searchParams.get("cpf") === "52998224725"
          ? { is_member: true, member_id: "x", member_name: "Conceição Araújo", registration_number: 7 }
          : { is_member: false, member_id: null, member_name: null, registration_number: null },
    }),
    { hangMs: 3_000 },
  );
  company = await startFakeJsonService(
    (url) => ({
      status: 200,
      body:
        url.searchParams.get("cnpj") === "11222333000181"
          ? { found: true, company: { legalName: "Vigilância Exemplo Ltda" } }
          : { found: false },
    }),
    {
      hangMs: 3_000,
    },
  );
  // 200 with JSON of another shape (a proxy's or a login page's answer).
  const server = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "application/json" }).end(shape.body));
  shape = { ...(await listenOnLoopback(server)), body: "{}" };
});
afterAll(async () => {
  await member.close();
  await company.close();
  await shape.close();
});

/** The fake's failure modes, each asked once: a 503 and a hang past the limit fail; HTML is unexpected. */
async function expectFailureModes(fake: FakeJsonService, ask: (base: string) => Promise<unknown>) {
  for (const [mode, answer] of [
    ["http-error", { kind: "failed", status: 503 }],
    ["hang", { kind: "failed", status: null }],
    ["invalid-json", { kind: "unexpected" }],
  ] as const) {
    fake.mode = mode;
    expect(await ask(fake.url), mode).toEqual(answer);
  }
}

describe("member look-up", () => {
  const ask = (base: string, cpf = "52998224725", timeoutMs = 500) =>
    lookupJson(`${base}/api/filiados/consulta?cpf=${cpf}`, isMemberLookupBody, { timeoutMs });

  it("a found and a not-found member are the contract", async () => {
    member.mode = "ok";
    expect(await ask(member.url)).toEqual({
      kind: "ok",
      body: expect.objectContaining({ is_member: true, member_name: "Conceição Araújo" }),
    });
    expect(await ask(member.url, "11144477735")).toEqual({ kind: "ok", body: expect.objectContaining({ is_member: false }) });
  });

  it("an error status, a hang past the limit and a closed port are failures; HTML or another shape is unexpected", async () => {
    await expectFailureModes(member, ask);
    for (const body of ["{}", "[]", "null", '{"is_member":"sim"}', '{"is_member":true,"member_name":""}', '{"is_member":tr']) {
      shape.body = body;
      expect(await ask(shape.url), body).toEqual({ kind: "unexpected" });
    }
    const closed = await listenOnLoopback(http.createServer());
    await closed.close();
    expect(await ask(closed.url)).toEqual({ kind: "failed", status: null });
  });

  it("the caller giving up is neither an answer nor an error", async () => {
    member.mode = "hang";
    const controller = new AbortController();
    const out = lookupJson(`${member.url}/api/filiados/consulta?cpf=52998224725`, isMemberLookupBody, {
      signal: controller.signal,
      timeoutMs: 5_000,
    });
    setTimeout(() => controller.abort(), 50);
    expect(await out).toEqual({ kind: "aborted" });
  });
});

describe("company look-up", () => {
  const ask = (base: string, cnpj = "11222333000181") =>
    lookupJson(`${base}/api/atendimentos/empresa?cnpj=${cnpj}`, isCompanyLookupBody, { timeoutMs: 500 });

  it("found, not found, and every failure", async () => {
    company.mode = "ok";
    expect(await ask(company.url)).toEqual({ kind: "ok", body: { found: true, company: { legalName: "Vigilância Exemplo Ltda" } } });
    expect(await ask(company.url, "12ABC34501DE35")).toEqual({ kind: "ok", body: { found: false } });
    await expectFailureModes(company, ask);
    shape.body = '{"found":true}';
    expect(await ask(shape.url)).toEqual({ kind: "unexpected" });
  });
});
