import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/suite";
import type { Client } from "../support/http";
import { startFakeViaCep, UNKNOWN_CEP, type FakeViaCep } from "../fakes/viacep";
import { ROLES } from "~/auth/roles";
import { BR_MESSAGES } from "~/lib/br/messages";
import { API_MESSAGES } from "~/utils/api.server";
import { RATE_LIMITS } from "~/utils/rate-limit.server";
import { fetchCepAddress } from "~/components/address/cep-lookup";

type Answer = { found: boolean; address?: Record<string, string>; message?: string };

describe("CEP look-up (GET /api/cep/:cep) against a local fake ViaCEP", () => {
  let fake: FakeViaCep;
  let admin: Client;

  async function get(client: Client, cep: string) {
    const res = await client.get(`/api/cep/${cep}`);
    return { status: res.status, type: res.headers.get("content-type"), headers: res.headers, body: (await res.json()) as Answer };
  }
  const upstream = () => fake.requests.length;
  const cached = (cep: string) => t.query<{ found: boolean; street: string | null; city: string | null }>`
    select found, street, city from cep_cache where cep = ${cep}`;

  beforeAll(async () => {
    fake = await startFakeViaCep({ hangMs: 3_000 });
  });
  afterAll(async () => {
    await fake?.close();
  });
  const t = useTestServer({ env: () => ({ CEP_API_URL: fake.url, CEP_TIMEOUT_MS: "400" }) });
  beforeAll(async () => {
    admin = await t.login("admin");
  });

  it("answers the address of a known CEP and caches it", async () => {
    const r = await get(admin, "70040-010");
    expect(r.status).toBe(200);
    expect(r.type).toContain("application/json");
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.body).toEqual({
      found: true,
      address: { cep: "70040010", street: "Setor Comercial Sul Quadra 1", neighbourhood: "Asa Sul", city: "Brasília", state: "DF" },
    });
    expect(fake.requests.map((q) => q.path)).toEqual(["/ws/70040010/json/"]);
    expect(await cached("70040010")).toEqual([{ found: true, street: "Setor Comercial Sul Quadra 1", city: "Brasília" }]);
  });

  it("a second look-up of the same CEP comes from the cache (no request to the service)", async () => {
    const before = upstream();
    const r = await get(admin, "70040010");
    expect(r.status).toBe(200);
    expect(r.body.address?.street).toBe("Setor Comercial Sul Quadra 1");
    expect(upstream()).toBe(before);
  });

  it("an unknown CEP is 404 'CEP não encontrado ou inválido.', cached as not found", async () => {
    const before = upstream();
    const r = await get(admin, UNKNOWN_CEP);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ found: false, message: "CEP não encontrado ou inválido." });
    expect(upstream()).toBe(before + 1);
    expect(await cached(UNKNOWN_CEP)).toEqual([{ found: false, street: null, city: null }]);
    expect((await get(admin, UNKNOWN_CEP)).status).toBe(404);
    expect(upstream()).toBe(before + 1);
  });

  it("a value that is not 8 digits is 400 and never reaches the service", async () => {
    const before = upstream();
    for (const bad of ["7004001", "700400100", "abcdefgh"]) {
      const r = await get(admin, bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.message).toBe(BR_MESSAGES.cepNotFound);
    }
    expect(upstream()).toBe(before);
  });

  it("a timeout, an HTTP error or a bad answer is 502 with a message to fill the form by hand; nothing is cached", async () => {
    for (const mode of ["hang", "http-error", "invalid-json"] as const) {
      fake.mode = mode;
      const started = Date.now();
      const r = await get(admin, "72110015");
      expect(r.status, mode).toBe(502);
      expect(r.body).toEqual({ found: false, message: BR_MESSAGES.cepUnavailable });
      if (mode === "hang") expect(Date.now() - started).toBeLessThan(2_500);
      expect(await cached("72110015"), mode).toEqual([]);
    }
    const [status] = await t.query<{ last_error: string; last_error_at: Date | null; last_success_at: Date | null }>`
      select last_error, last_error_at, last_success_at from service_status where service = 'cep'`;
    expect(status.last_error).toMatch(/^invalid: /);
    expect(status.last_error_at).not.toBeNull();
    expect(status.last_success_at).not.toBeNull();
    fake.mode = "ok";
    const r = await get(admin, "72110015");
    expect(r.status).toBe(200);
    expect(r.body.address?.neighbourhood).toBe("Taguatinga Norte");
  });

  it("is for staff only: signed out gets 401 JSON (not the login page) and no request leaves", async () => {
    const before = upstream();
    const r = await get(t.anonymous(), "73000000");
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ found: false, message: API_MESSAGES.signedOut });
    expect(upstream()).toBe(before);
  });

  it("every staff role may look up", async () => {
    for (const role of ROLES) {
      const c = await t.login(role);
      const r = await get(c, "70040010");
      expect(r.status, role).toBe(200);
    }
  });

  it("is rate limited per user (database counter): 429 with Retry-After, other users unaffected", async () => {
    const rh = await t.login("rh");
    const { max } = RATE_LIMITS.cepLookup;
    await t.query`delete from rate_limits where key like 'cepLookup:%'`;
    for (let i = 0; i < max; i++) expect((await get(rh, "70040010")).status).toBe(200);
    const limited = await get(rh, "70040010");
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(BR_MESSAGES.cepRateLimited);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await get(admin, "70040010")).status).toBe(200);
  });

  describe("the forms' client (fetchCepAddress) turns every answer into an outcome that leaves the form usable", () => {
    const init = () => ({ headers: { Cookie: admin.cookieHeader() } });

    it("found → the address with 'Endereço preenchido automaticamente!'", async () => {
      const o = await fetchCepAddress("70040-010", { baseUrl: t.url, init: init() });
      expect(o).toEqual({
        kind: "found",
        message: "Endereço preenchido automaticamente!",
        address: { cep: "70040010", street: "Setor Comercial Sul Quadra 1", neighbourhood: "Asa Sul", city: "Brasília", state: "DF" },
      });
    });

    it("not found or malformed → 'CEP não encontrado ou inválido.'", async () => {
      expect(await fetchCepAddress(UNKNOWN_CEP, { baseUrl: t.url, init: init() })).toEqual({
        kind: "not-found",
        message: "CEP não encontrado ou inválido.",
      });
      const before = upstream();
      expect(await fetchCepAddress("7004", { baseUrl: t.url, init: init() })).toEqual({
        kind: "not-found",
        message: "CEP não encontrado ou inválido.",
      });
      expect(upstream()).toBe(before);
    });

    it("service down, slow server, server unreachable or session expired → 'unavailable' with a message, never an exception", async () => {
      fake.mode = "http-error";
      expect(await fetchCepAddress("73000000", { baseUrl: t.url, init: init() })).toEqual({
        kind: "unavailable",
        message: BR_MESSAGES.cepUnavailable,
      });
      fake.mode = "hang";
      expect(await fetchCepAddress("73000000", { baseUrl: t.url, init: init(), timeoutMs: 150 })).toEqual({
        kind: "unavailable",
        message: BR_MESSAGES.cepUnavailable,
      });
      fake.mode = "ok";
      expect(await fetchCepAddress("73000000", { baseUrl: "http://127.0.0.1:9", init: init() })).toEqual({
        kind: "unavailable",
        message: BR_MESSAGES.cepUnavailable,
      });
      expect(await fetchCepAddress("73000000", { baseUrl: t.url })).toEqual({ kind: "unavailable", message: API_MESSAGES.signedOut });
    });
  });
});
