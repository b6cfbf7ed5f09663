import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/suite";
import type { Client } from "../support/http";
import { startFakeNominatim, type FakeNominatim } from "../fakes/nominatim";
import { startFakeViaCep, UNKNOWN_CEP, type FakeViaCep } from "../fakes/viacep";
import sharp from "sharp";
import { createUser } from "~/db/factories/users";
import { createMember } from "~/db/factories/members";
import { createWorkplace as createWorkplaceRow } from "~/db/factories/field";
import { ROUTE_MESSAGES } from "~/domain/fieldwork/visit-route.schema";
import { BR_MESSAGES } from "~/lib/br/messages";
import { WORKPLACE_MESSAGES } from "~/domain/fieldwork/workplace.schema";
import { formatDateTime } from "~/lib/dates";
import { parseMarkers } from "~/domain/fieldwork/workplace-row";
import { approximatePosition, BRASILIA_CENTER, MAX_HASH_OFFSET } from "~/domain/fieldwork/map-constants";
import type { Role } from "~/auth/roles";
import { FORBIDDEN_MESSAGE, MESSAGES } from "~/auth/screens";
import { decodeHtml as decode } from "../support/html";
import { FINISH_ANSWERS, workplaceByName, workplaceCounts } from "../support/fieldwork";
import { expectReencodedPhoto } from "../support/stored-files";

/** Field area (issue 10): workplaces at /dashboard/admin/mapa-postos. */
const PATH = "/dashboard/admin/mapa-postos";
const SCS = "Setor Comercial Sul Quadra 1, Asa Sul, Brasília, DF";
const CONIC = "Setor de Diversões Sul, Asa Sul, Brasília, DF";
let fake: FakeNominatim;
let viacep: FakeViaCep;

beforeAll(async () => {
  viacep = await startFakeViaCep();
  fake = await startFakeNominatim({
    places: { [SCS]: { lat: "-15.7975", lon: "-47.8919" }, [CONIC]: { lat: "-15.7981", lon: "-47.8842" } },
  });
});
afterAll(async () => {
  await fake?.close();
  await viacep?.close();
});

const t = useTestServer({
  env: () => ({ CEP_API_URL: viacep.url, GEOCODER_URL: fake.url, GEOCODER_TIMEOUT_MS: "2000", JOBS_POLL_MS: "100" }),
});
let admin: Client;

beforeAll(async () => {
  admin = await t.login("admin");
});

const workplace = (name: string) => workplaceByName(t.query, name);
const counts = () => workplaceCounts(t.query);
async function waitFor<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("tempo esgotado esperando a condição");
    await new Promise((r) => setTimeout(r, 100));
  }
}
const fields = (over: Record<string, string> = {}) => ({
  intent: "create",
  name: "Shopping Conjunto Nacional",
  cep: "70040-010",
  address: "Setor Comercial Sul Quadra 1",
  neighbourhood: "Asa Sul",
  city: "Brasília",
  state: "DF",
  phone: "(61) 3333-4444",
  email: "Brigada@Conjunto.example.com",
  // These tests add several workplaces at one CEP: confirmed as distinct places (ADR 217;
  // the warning itself is tests/integration/workplace-duplicates.test.ts).
  confirmDuplicate: "on",
  ...over,
});

describe("pure map helpers", () => {
  it("the approximate position is deterministic and within the original's 0.075° of Brasília", () => {
    const a = approximatePosition({ address: "QNA 15", city: "Brasília", state: "DF", cep: "72110015" });
    expect(approximatePosition({ address: "QNA 15", city: "Brasília", state: "DF", cep: "72110015" })).toEqual(a);
    expect(Math.abs(a.lat - BRASILIA_CENTER.lat)).toBeLessThanOrEqual(MAX_HASH_OFFSET);
    expect(Math.abs(a.lon - BRASILIA_CENTER.lng)).toBeLessThanOrEqual(MAX_HASH_OFFSET);
    expect(approximatePosition({ address: "QNA 16", city: "Brasília", state: "DF", cep: "72110015" })).not.toEqual(a);
  });
});

describe("workplaces: add, validate, geocode, drag", () => {
  it("admin adds a workplace: P+9-digit code, approximate position, audit, geocode job applied at the fake's answer", async () => {
    const before = await counts();
    const res = await admin.post(PATH, fields());
    expect(res.status).toBe(200);
    expect(decode(await res.text())).toContain(WORKPLACE_MESSAGES.created);
    const row = await workplace("Shopping Conjunto Nacional");
    expect(row.code).toMatch(/^P\d{9}$/);
    expect(row).toMatchObject({
      cep: "70040010",
      city: "Brasília",
      state: "DF",
      email: "brigada@conjunto.example.com",
      phone: "(61) 3333-4444",
    });
    const after = await counts();
    expect(after).toEqual({ w: before.w + 1, l: before.l + 1, j: before.j + 1 });
    const [audit] = await t.query<{
      data: Record<string, unknown>;
    }>`select data from audit_log where action = 'workplace.created' and entity_id = ${row.id}`;
    expect(audit.data).toEqual({ code: row.code, name: "Shopping Conjunto Nacional", city: "Brasília", positionSource: "approximate" });
    // The job geocodes it through the fake.
    const geocoded = await waitFor(async () => {
      const w = await workplace("Shopping Conjunto Nacional");
      return w.position_source === "geocoder" ? w : null;
    });
    expect(geocoded).toMatchObject({ lat: -15.7975, lon: -47.8919 });
    expect(fake.searches()).toContain(SCS);
    // The list shows it; the search is accent- and case-insensitive over name, code, address and city.
    for (const q of ["conjunto", "CONJUNTO nacional", row.code, "setor comercial", "brasilia"]) {
      const html = decode(await (await admin.get(`${PATH}?q=${encodeURIComponent(q)}`)).text());
      expect(html, q).toContain(`workplace-row-${row.code}`);
    }
    const none = decode(await (await admin.get(`${PATH}?q=${encodeURIComponent("inexistente%")}`)).text());
    expect(none).toContain(WORKPLACE_MESSAGES.noMatch);
  });

  it("an address the geocoder does not know keeps the approximate position, marked 'aproximada' with the map warning", async () => {
    const res = await admin.post(
      PATH,
      fields({ name: "Escola Classe 99", address: "Rua Inexistente 999", neighbourhood: "", cep: "72110-015", email: "", phone: "" }),
    );
    expect(res.status).toBe(200);
    const row = await waitFor(async () => {
      const w = await workplace("Escola Classe 99");
      return w.geocode_not_found_at ? w : null;
    });
    expect(row.position_source).toBe("approximate");
    expect({ lat: row.lat, lon: row.lon }).toEqual(
      approximatePosition({ address: "Rua Inexistente 999", city: "Brasília", state: "DF", cep: "72110015" }),
    );
    const html = decode(await (await admin.get(`${PATH}?q=escola`)).text());
    expect(html).toContain("Posição aproximada");
    expect(html).toContain(WORKPLACE_MESSAGES.mapNotFound);
  });

  it("geocoder requests keep one per second", async () => {
    const start = fake.requests.length;
    await admin.post(PATH, fields({ name: "Posto Um", address: "Endereço Desconhecido 1", email: "", phone: "" }));
    await admin.post(PATH, fields({ name: "Posto Dois", address: "Endereço Desconhecido 2", email: "", phone: "" }));
    await waitFor(async () => fake.requests.length >= start + 2);
    const times = fake.requests.slice(start).map((r) => r.at);
    // The app spaces its sends by 1 s; the fake stamps arrivals, which a loaded machine can
    // bring a few tens of milliseconds closer (seen: 972 ms). Without the spacing they are ~0 ms apart.
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(900);
  });

  it("a dragged pin becomes 'manual' and a later address change never moves it", async () => {
    const row = await workplace("Shopping Conjunto Nacional");
    const res = await admin.post(PATH, { intent: "move-pin", id: row.id, lat: "-15.79101", lon: "-47.88302" });
    expect(res.status).toBe(200);
    expect(await workplace(row.name)).toMatchObject({ lat: -15.79101, lon: -47.88302, position_source: "manual" });
    const jobs = (await counts()).j;
    // The address changes to one the geocoder knows: no job, the pin stays.
    const upd = await admin.post(PATH, fields({ intent: "update", id: row.id, address: "Setor de Diversões Sul" }));
    expect(upd.status).toBe(200);
    expect(decode(await upd.text())).toContain(WORKPLACE_MESSAGES.updated);
    expect((await counts()).j).toBe(jobs);
    await new Promise((r) => setTimeout(r, 500));
    expect(await workplace(row.name)).toMatchObject({ lat: -15.79101, lon: -47.88302, position_source: "manual" });
    // Even a job queued before the drag does not overwrite it.
    const other = await workplace("Escola Classe 99");
    await admin.post(PATH, { intent: "move-pin", id: other.id, lat: "-15.7", lon: "-47.8" });
    await t.query`insert into jobs (name, payload) values ('geocode-workplace', ${JSON.stringify({ workplaceId: other.id })}::jsonb)`;
    await waitFor(async () => {
      const [j] = await t.query<{ state: string }>`select state from jobs where name = 'geocode-workplace' order by id desc limit 1`;
      return j.state === "done";
    });
    expect(await workplace("Escola Classe 99")).toMatchObject({ lat: -15.7, lon: -47.8, position_source: "manual" });
  });

  it("refuses bad input with clear pt-BR messages and writes nothing", async () => {
    const before = await counts();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ name: "" }, "name", "Nome é obrigatório."],
      [{ cep: "" }, "cep", "CEP é obrigatório."],
      [{ cep: "7004" }, "cep", "Digite um CEP de 8 dígitos."],
      [{ address: " " }, "address", "Endereço é obrigatório."],
      [{ city: "" }, "city", "Cidade é obrigatória."],
      [{ state: "" }, "state", "Estado é obrigatório."],
      [{ state: "Distrito" }, "state", "Estado deve ser a sigla de 2 letras (ex.: DF)."],
      [{ email: "nao-e-email" }, "email", WORKPLACE_MESSAGES.email],
      [{ phone: "123" }, "phone", "Telefone inválido. Informe o DDD e o número, como (61) 91234-5678."],
      [{ intent: "move-pin", id: "00000000-0000-4000-8000-000000000000", lat: "999", lon: "0" }, "lat", WORKPLACE_MESSAGES.pinInvalid],
    ];
    for (const [over, field, message] of cases) {
      const res = await admin.post(PATH, fields(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      const html = decode(await res.text());
      expect(html, field).toContain(message);
    }
    const missing = await admin.post(PATH, fields({ intent: "update", id: "00000000-0000-4000-8000-000000000000" }));
    expect(missing.status).toBe(404);
    expect(decode(await missing.text())).toContain(WORKPLACE_MESSAGES.notFound);
    expect(await counts()).toEqual(before);
  });

  it("regenerates a duplicate code up to 5 times, then answers the original's message", async () => {
    const create = t.server.hooks.createWorkplace;
    const user = await t.user("admin");
    const actor = { id: user.id, username: user.username, role: "admin" as const };
    // Same CEP as the shopping: confirmed as another place (ADR 217).
    const input = {
      name: "Hotel Colisão",
      cep: "70040010",
      address: "SHS Quadra 1",
      neighbourhood: "",
      city: "Brasília",
      state: "DF",
      phone: null,
      email: null,
      confirmDuplicate: true,
    };
    const taken = (await workplace("Shopping Conjunto Nacional")).code;
    const codes = [taken, taken, taken, taken, "P123456789"];
    let calls = 0;
    const created = await create(actor, input, { generateCode: () => codes[calls++] });
    expect(calls).toBe(5);
    expect(created.code).toBe("P123456789");
    calls = 0;
    await expect(create(actor, { ...input, name: "Hotel Colisão 2" }, { generateCode: () => (calls++, taken) })).rejects.toMatchObject({
      status: 409,
      message: WORKPLACE_MESSAGES.codeExhausted,
    });
    expect(calls).toBe(5);
    expect(await workplace("Hotel Colisão 2")).toBeUndefined();
  });

  it("paginates by 10", async () => {
    for (let i = 0; i < 11; i++)
      await admin.post(
        PATH,
        fields({ name: `Condomínio Página ${String(i).padStart(2, "0")}`, address: `Endereço Página ${i}`, email: "", phone: "" }),
      );
    const p1 = decode(await (await admin.get(`${PATH}?q=pagina`)).text());
    const p2 = decode(await (await admin.get(`${PATH}?q=pagina&pagina=2`)).text());
    expect(p1.match(/data-testid="workplace-row-/g)).toHaveLength(10);
    expect(p2.match(/data-testid="workplace-row-/g)).toHaveLength(1);
    expect(p2).toContain("Condomínio Página 10");
  });

  it("refused roles get 403 (or the redirect) and nothing is written", async () => {
    const row = await workplace("Shopping Conjunto Nacional");
    const roles = ["campo", "juridico", "financeiro", "secretaria", "homologacao"] as Role[];
    const clients = new Map<Role, Client>();
    for (const role of roles) clients.set(role, await t.login(role));
    const before = await counts();
    for (const role of roles) {
      const c = clients.get(role)!;
      for (const body of [
        fields({ name: `Intruso ${role}` }),
        fields({ intent: "update", id: row.id, name: "Renomeado" }),
        { intent: "move-pin", id: row.id, lat: "0", lon: "0" },
      ]) {
        const res = await c.post(PATH, body);
        expect(res.status, `${role} ${body.intent}`).toBe(403);
        expect(decode(await res.text())).toContain(FORBIDDEN_MESSAGE);
      }
      const page = await c.get(PATH);
      expect(page.status, role).not.toBe(200);
    }
    expect(await counts()).toEqual(before);
    expect(await workplace("Shopping Conjunto Nacional")).toMatchObject({ name: "Shopping Conjunto Nacional", position_source: "manual" });
  });
});

describe("routes: create, start race, finish (idempotent), refusals", () => {
  const CREATE = "/dashboard/campo/criar-rota";
  const EXECUTE = "/dashboard/campo/executar-rota";
  let campo: Client;
  let campo2: Client;
  const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  type RouteDb = {
    id: string;
    status: string;
    address: string;
    in_progress_by: string | null;
    started_by: string | null;
    start_lat: number | null;
    start_accuracy_m: number | null;
    start_cep: string | null;
    finish_token: string | null;
    photo_file_id: string | null;
    workplace_id: string | null;
    total_workers: number | null;
    direct_contract_type: string | null;
  };
  async function route(name: string) {
    const [row] =
      await t.query<RouteDb>`select id, status, address, in_progress_by, started_by, start_lat, start_accuracy_m, start_cep, finish_token, photo_file_id, workplace_id, total_workers, direct_contract_type from field_routes where name = ${name}`;
    return row;
  }
  const finishBody = (id: string, token: string, over: Record<string, string> = {}) => ({
    intent: "finish",
    id,
    token,
    ...FINISH_ANSWERS,
    outsourced: "nao",
    directContractType: "Outro",
    directContractOther: "Associação de moradores",
    lat: "-15.7975",
    lon: "-47.8919",
    accuracy: "12",
    fixAt: String(Date.now()),
    ...over,
  });

  beforeAll(async () => {
    campo = await t.login("campo");
    campo2 = await t.login(await createUser(t.db, { role: "campo" }));
  });

  it("creates a route only when the CEP resolves; from a workplace whose CEP is unknown, its stored address is used", async () => {
    const base = {
      intent: "create",
      name: "Rota Conjunto",
      description: "Visita mensal",
      cep: "70040-010",
      affiliates: "12",
      routeDate: today(),
      workplaceId: "",
    };
    const ok = await campo.post(CREATE, base);
    expect(ok.status).toBe(200);
    expect(decode(await ok.text())).toContain(ROUTE_MESSAGES.created);
    expect((await route("Rota Conjunto")).address).toBe("Setor Comercial Sul Quadra 1, Asa Sul, Brasília/DF");
    for (const cep of [UNKNOWN_CEP, "7004", ""]) {
      const res = await campo.post(CREATE, { ...base, name: `Rota CEP ${cep}`, cep });
      expect(res.status, cep).toBe(400);
      const html = decode(await res.text());
      expect(html, cep).toContain(cep === "7004" ? "Digite um CEP de 8 dígitos." : ROUTE_MESSAGES.cepRequired);
      expect(await route(`Rota CEP ${cep}`)).toBeUndefined();
    }
    const w = await workplace("Escola Classe 99");
    await t.query`update workplaces set cep = ${UNKNOWN_CEP} where id = ${w.id}`;
    const fromWorkplace = await campo.post(CREATE, { ...base, name: "Rota Escola", cep: UNKNOWN_CEP, workplaceId: w.id });
    expect(fromWorkplace.status).toBe(200);
    expect(await route("Rota Escola")).toMatchObject({ workplace_id: w.id, address: "Rua Inexistente 999, Brasília/DF" });
    const bad = await campo.post(CREATE, { ...base, name: "Rota Negativa", affiliates: "-1" });
    expect(bad.status).toBe(400);
  });

  it("while the CEP service is down, the address typed by hand is used; never for a CEP the service says does not exist", async () => {
    const base = { intent: "create", description: "Visita mensal", affiliates: "3", routeDate: today(), workplaceId: "" };
    viacep.mode = "http-error";
    try {
      const untyped = await campo.post(CREATE, { ...base, name: "Rota Sem Serviço", cep: "70000-999" });
      expect(untyped.status).toBe(400);
      expect(decode(await untyped.text())).toContain(BR_MESSAGES.cepUnavailable);
      expect(await route("Rota Sem Serviço")).toBeUndefined();
      const typed = await campo.post(CREATE, {
        ...base,
        name: "Rota Endereço Digitado",
        cep: "70000-999",
        address: "Quadra 5, Asa Norte, Brasília/DF",
      });
      expect(typed.status).toBe(200);
      expect(await route("Rota Endereço Digitado")).toMatchObject({ address: "Quadra 5, Asa Norte, Brasília/DF" });
    } finally {
      viacep.mode = "ok";
    }
    const unknown = await campo.post(CREATE, { ...base, name: "Rota CEP Inexistente", cep: UNKNOWN_CEP, address: "Rua Inventada 1" });
    expect(unknown.status).toBe(400);
    expect(decode(await unknown.text())).toContain(ROUTE_MESSAGES.cepRequired);
    expect(await route("Rota CEP Inexistente")).toBeUndefined();
  });

  it("two users pressing start at once: exactly one wins, the other is told it is in progress by another user", async () => {
    const r = await route("Rota Conjunto");
    const results = await Promise.all([
      campo.post(EXECUTE, { intent: "start", id: r.id, lat: "-15.79", lon: "-47.88", accuracy: "8", fixAt: String(Date.now()) }),
      campo2.post(EXECUTE, { intent: "start", id: r.id, positionCep: "70040-010" }),
    ]);
    const statuses = results.map((x) => x.status).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = results.find((x) => x.status === 409)!;
    expect(decode(await loser.text())).toContain(ROUTE_MESSAGES.busy);
    const row = await route("Rota Conjunto");
    expect(row.status).toBe("em_andamento");
    expect(row.in_progress_by).toBe(row.started_by);
    const [{ n }] = await t.query<{
      n: number;
    }>`select count(*)::int as n from audit_log where action = 'field-route.started' and entity_id = ${r.id}`;
    expect(n).toBe(1);
  });

  it("finishing lists the missing required fields, checks counts and phone, and writes nothing then", async () => {
    const r = await route("Rota Conjunto");
    const winner = r.in_progress_by === (await t.user("campo")).id ? campo : campo2;
    const missing = await winner.post(
      EXECUTE,
      finishBody(r.id, "tok-missing-000000001", { brigadePhone: "", lifeguards: "", outsourced: "", directContractType: "" }),
    );
    expect(missing.status).toBe(400);
    expect(decode(await missing.text())).toContain(
      "Por favor, preencha os seguintes campos obrigatórios: Telefone da sala da brigada, Salva-vidas, Trabalhadores terceirizados",
    );
    const negative = await winner.post(EXECUTE, finishBody(r.id, "tok-negative-00000001", { dayWorkers: "-3" }));
    expect(negative.status).toBe(400);
    expect(decode(await negative.text())).toContain(ROUTE_MESSAGES.count("Diurnos"));
    const phone = await winner.post(EXECUTE, finishBody(r.id, "tok-phone-0000000001", { brigadePhone: "61 abc" }));
    expect(phone.status).toBe(400);
    expect((await route("Rota Conjunto")).status).toBe("em_andamento");
  });

  it("finishes with a GPS-tagged photo stored shrunk and stripped; a retry with the same token changes nothing", async () => {
    const r = await route("Rota Conjunto");
    const winner = r.in_progress_by === (await t.user("campo")).id ? campo : campo2;
    const other = winner === campo ? campo2 : campo;
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 10, g: 120, b: 60 } } })
      .jpeg()
      .withExif({
        IFD0: { Make: "CameraDeCampo", Model: "Modelo GPS" },
        IFD3: { GPSLatitudeRef: "S", GPSLatitude: "15/1 47/1 5100/100", GPSLongitudeRef: "W", GPSLongitude: "47/1 53/1 2800/100" },
      })
      .toBuffer();
    const body = () => {
      const fd = new FormData();
      for (const [k, v] of Object.entries(finishBody(r.id, "tok-final-0000000001"))) fd.set(k, v);
      fd.set("photo", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "visita.jpg");
      return fd;
    };
    // The other user cannot finish someone else's visit.
    const refused = await other.post(EXECUTE, body());
    expect(refused.status).toBe(409);
    const files0 = (await t.query<{ n: number }>`select count(*)::int as n from files`)[0].n;
    const res = await winner.post(EXECUTE, body());
    expect(res.status).toBe(200);
    expect(decode(await res.text())).toContain(ROUTE_MESSAGES.finished);
    const done = await route("Rota Conjunto");
    expect(done).toMatchObject({
      status: "concluida",
      in_progress_by: null,
      finish_token: "tok-final-0000000001",
      total_workers: 120,
      direct_contract_type: "Associação de moradores",
    });
    await expectReencodedPhoto(t.query, done.photo_file_id!, "visit-photo", 1280, "CameraDeCampo");
    // A retry (weak signal): same answer, nothing written twice.
    const audits = (await t.query<{ n: number }>`select count(*)::int as n from audit_log where action = 'field-route.finished'`)[0].n;
    const again = await winner.post(EXECUTE, body());
    expect(again.status).toBe(200);
    expect((await t.query<{ n: number }>`select count(*)::int as n from files`)[0].n).toBe(files0 + 1);
    expect((await t.query<{ n: number }>`select count(*)::int as n from audit_log where action = 'field-route.finished'`)[0].n).toBe(
      audits,
    );
    // A different token on a finished route is refused.
    const late = await winner.post(EXECUTE, finishBody(r.id, "tok-other-0000000001"));
    expect(late.status).toBe(409);
  });

  it("finishing updates the linked workplace; a broken photo never blocks finishing", async () => {
    const r = await route("Rota Escola");
    const start = await campo.post(EXECUTE, { intent: "start", id: r.id, positionCep: "72110-015" });
    expect(start.status).toBe(200);
    expect((await route("Rota Escola")).start_cep).toBe("72110015");
    const fd = new FormData();
    for (const [k, v] of Object.entries(finishBody(r.id, "tok-escola-000000001", { outsourced: "sim", directContractType: "" })))
      fd.set(k, v);
    fd.set("photo", new Blob([new Uint8Array(Buffer.from("isto não é uma imagem"))], { type: "image/jpeg" }), "quebrada.jpg");
    const res = await campo.post(EXECUTE, fd);
    expect(res.status).toBe(200);
    expect(await route("Rota Escola")).toMatchObject({ status: "concluida", photo_file_id: null });
    const [w] = await t.query<{
      route_status: string;
      last_visit_at: Date | null;
      total_workers: number;
      last_route_id: string;
      outsourced: boolean;
    }>`
      select route_status, last_visit_at, total_workers, last_route_id, outsourced from workplaces where id = ${r.workplace_id}`;
    expect(w).toMatchObject({ route_status: "concluida", total_workers: 120, last_route_id: r.id, outsourced: true });
    expect(w.last_visit_at).not.toBeNull();
  });

  it("refused roles get 403 on create and execute, and nothing is written", async () => {
    const [{ n: before }] = await t.query<{ n: number }>`select count(*)::int as n from field_routes`;
    for (const role of ["juridico", "financeiro", "secretaria", "homologacao"] as Role[]) {
      const c = await t.login(role);
      const res = await c.post(CREATE, {
        intent: "create",
        name: `Rota ${role}`,
        description: "x",
        cep: "70040-010",
        affiliates: "1",
        routeDate: today(),
      });
      expect(res.status, role).toBe(403);
    }
    const r = await t.query<{ id: string }>`select id from field_routes limit 1`;
    for (const role of ["rh", "presidencia", "juridico"] as Role[]) {
      const c = await t.login(role);
      const res = await c.post(EXECUTE, { intent: "start", id: r[0].id, positionCep: "70040-010" });
      expect(res.status, role).toBe(403);
    }
    const [{ n: after }] = await t.query<{ n: number }>`select count(*)::int as n from field_routes`;
    expect(after).toBe(before);
  });
});

describe("finished visits", () => {
  it("lists concluded routes with duration, sorts, photo for allowed roles only, and exports the 16-column CSV", async () => {
    const rh = await t.login("rh");
    const html = decode(await (await rh.get("/dashboard/visitas-finalizadas?ordem=name")).text());
    expect(html).toContain("Rota Conjunto");
    expect(html).toContain("Rota Escola");
    expect(html.indexOf("Rota Conjunto")).toBeLessThan(html.indexOf("Rota Escola"));
    expect(html).toMatch(/Duração: (<!-- -->)?\d+h \d{2}min/);
    expect(html).toContain('target="_blank"');
    const [{ photo_file_id: photo }] = await t.query<{
      photo_file_id: string;
    }>`select photo_file_id from field_routes where name = 'Rota Conjunto'`;
    expect(html).toContain(`/dashboard/visitas-finalizadas/fotos/${photo}`);
    const img = await rh.get(`/dashboard/visitas-finalizadas/fotos/${photo}`);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toMatch(/^image\//);
    const campo = await t.login("campo");
    expect((await campo.get(`/dashboard/visitas-finalizadas/fotos/${photo}`)).status).toBe(403);

    const csv = await rh.get("/dashboard/visitas-finalizadas/csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toMatch(/filename="visitas-finalizadas-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await csv.arrayBuffer());
    // The one CSV writer (ADR 176): BOM, `;`, CRLF, every field quoted.
    expect(text.startsWith('\uFEFF"Nome";"Endereço";')).toBe(true);
    const [header, ...lines] = parse(text, { bom: true, delimiter: ";" }) as string[][];
    // Written out, not VISITS_CSV_COLUMNS: the original's 16 columns in its order are what this checks.
    expect(header).toEqual([
      "Nome",
      "Endereço",
      "CEP",
      "Filiados",
      "Data de finalização",
      "Duração",
      "Telefone da sala da brigada",
      "Bombeiros civis básicos",
      "Salva-vidas",
      "Líder de brigada",
      "Mestre bombeiro efetivo",
      "Total de trabalhadores",
      "Diurnos",
      "Noturnos",
      "Terceirizados",
      "Tipo de contratação",
    ]);
    expect(lines).toHaveLength(2);
    expect(lines.flat().join("\n")).toContain("Associação de moradores");
    // The finish time (Brasília, pt-BR) and the duration, from the stored instants.
    const [r] = await t.query<{
      started_at: Date;
      finished_at: Date;
    }>`select started_at, finished_at from field_routes where name = 'Rota Conjunto'`;
    const minutes = Math.round((new Date(r.finished_at).getTime() - new Date(r.started_at).getTime()) / 60_000);
    const line = lines.find((l) => l[0] === "Rota Conjunto")!;
    expect(line.slice(4, 6)).toEqual([
      formatDateTime(r.finished_at),
      `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, "0")}min`,
    ]);
    expect((await campo.get("/dashboard/visitas-finalizadas/csv")).status).not.toBe(200);
  });

  it("streams the CSV (ADR 261): 4,500 visits over three batches, in the chosen order, each once, with no Content-Length", async () => {
    await t.query`
      insert into field_routes (name, description, cep, address, route_date, status, started_at, finished_at, affiliates)
      select 'Lote ' || lpad(g::text, 4, '0'), 'Visita em lote', '70040010', 'Setor Comercial Sul Quadra 1', current_date, 'concluida',
             now() - interval '90 minutes' - g * interval '1 minute', now() - g * interval '1 minute', g % 7
      from generate_series(1, 4500) g`;
    const rh = await t.login("rh");
    for (const [ordem, first] of [
      ["recent", "Lote 0001"],
      ["oldest", "Lote 4500"],
    ] as const) {
      const res = await rh.get(`/dashboard/visitas-finalizadas/csv?ordem=${ordem}`);
      expect(res.status).toBe(200);
      // Sent as it is written (chunked), not measured first.
      expect(res.headers.get("content-length")).toBeNull();
      const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
      const [, ...lines] = parse(text, { bom: true, delimiter: ";" }) as string[][];
      const batch = lines.map((l) => l[0]).filter((name) => name.startsWith("Lote "));
      const expected = Array.from({ length: 4500 }, (_, i) => `Lote ${String(i + 1).padStart(4, "0")}`);
      expect(batch).toEqual(ordem === "recent" ? expected : expected.reverse());
      expect(batch[0]).toBe(first);
      expect(lines.find((l) => l[0] === "Lote 0002")!.slice(3, 6)).toEqual([
        "2",
        expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
        "1h 30min",
      ]);
    }
  });
});

describe("finished visits, a page at a time", () => {
  it("pages by 24 like every list: the header gives the true count and the page, the pager walks every page once", async () => {
    // The 4,500 streamed visits above and the routes finished earlier in this file.
    const [{ n }] = await t.query<{ n: number }>`select count(*)::int as n from field_routes where status = 'concluida'`;
    expect(n).toBeGreaterThan(4500);
    const pages = Math.ceil(n / 24);
    const rh = await t.login("rh");
    const cards = (html: string) => [...html.matchAll(/data-testid="visit-([0-9a-f-]{36})"/g)].map((m) => m[1]);
    const first = await rh.get("/dashboard/visitas-finalizadas");
    expect(first.status).toBe(200);
    const html = decode(await first.text()).replace(/<!-- -->/g, "");
    // The true count (not the 500 it once stopped at), in pt-BR digits, and where we are.
    expect(html).toContain(`${n.toLocaleString("pt-BR")} visitas finalizadas · página 1 de ${pages.toLocaleString("pt-BR")}.`);
    expect(cards(html)).toHaveLength(24);
    // The list kit's pager, with a link to the next page keeping the sort.
    expect(html).toContain('aria-label="Paginação das visitas"');
    expect(html).toMatch(/href="[^"]*\?ordem=recent&(amp;)?pagina=2"/);
    // A page is small whatever the total (1.6 MB for 500 visits before).
    expect(html.length).toBeLessThan(150_000);
    const second = decode(await (await rh.get("/dashboard/visitas-finalizadas?ordem=recent&pagina=2")).text());
    expect(cards(second)).toHaveLength(24);
    expect(cards(second).filter((id) => cards(html).includes(id))).toEqual([]);
    // The last page holds the rest; a page past the end shows the last one.
    const last = decode(await (await rh.get(`/dashboard/visitas-finalizadas?ordem=recent&pagina=${pages}`)).text());
    expect(cards(last)).toHaveLength(n - (pages - 1) * 24);
    const past = decode(await (await rh.get(`/dashboard/visitas-finalizadas?ordem=recent&pagina=${pages + 5}`)).text()).replace(
      /<!-- -->/g,
      "",
    );
    expect(past).toContain(`página ${pages.toLocaleString("pt-BR")} de ${pages.toLocaleString("pt-BR")}.`);
    expect(cards(past)).toEqual(cards(last));
    // The same order the CSV gives: the newest first, page after page.
    const [{ id: newest }] = await t.query<{ id: string }>`
      select id from field_routes where status = 'concluida' order by finished_at desc, id limit 1`;
    expect(cards(html)[0]).toBe(newest);
  });
});

describe("members count", () => {
  it("the list counts the members linked in the register, else shows the stored figure", async () => {
    const linked = await createWorkplaceRow(t.db, { name: "Posto Vinculado Contagem", membersCount: 7 });
    const unlinked = await createWorkplaceRow(t.db, { name: "Posto Sem Vínculo Contagem", membersCount: 7 });
    for (let i = 0; i < 2; i++) await createMember(t.db, { workplaceId: linked.id });
    const cell = async (q: string) => {
      const html = decode(await (await admin.get(`/dashboard/admin/mapa-postos?q=${encodeURIComponent(q)}`)).text()).replace(
        /<!-- -->/g,
        "",
      );
      return /data-label="Associados"[^>]*><div[^>]*>(\d+)</.exec(html)?.[1];
    };
    expect(await cell("Posto Vinculado Contagem")).toBe("2");
    expect(await cell("Posto Sem Vínculo Contagem")).toBe("7");
    void unlinked;
  });
});

describe("map markers", () => {
  it("every workplace's marker follows its row after every kind of write (trigger); the map fetches them apart, revalidated by ETag", async () => {
    // The writes of the tests above (forms, import, geocoder, pin moves, finished visits), and
    // hand SQL: a rename, a last visit, a position.
    await t.query`update workplaces set name = name || ' (editado)', last_visit_at = '2026-02-28T23:59:59.999Z', lat = lat + 0.001 where id in (select id from workplaces order by code limit 2)`;
    const rows = await t.query<{
      n: number;
      stale: number;
    }>`select count(*)::int as n, count(*) filter (where marker is distinct from json_build_array(id, name, address, city, lat, lon, position_source,
      to_char(last_visit_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text)::int as stale from workplaces`;
    expect(rows[0].n).toBeGreaterThan(2);
    expect(rows[0].stale).toBe(0);
    const [edited] = await t.query<{
      marker: string;
    }>`select marker from workplaces where last_visit_at = '2026-02-28T23:59:59.999Z' limit 1`;
    const parsed = parseMarkers(`[${edited.marker}]`)[0];
    expect(parsed.name).toMatch(/\(editado\)$/);
    expect(parsed.lastVisitAt).toBe("2026-02-28T23:59:59.999Z");
    expect(typeof parsed.lat).toBe("number");
    // The markers are a response of their own (issue 24), apart from the page.
    const markers = await admin.get(`${PATH}/marcadores`);
    expect(markers.status).toBe(200);
    expect(markers.headers.get("content-type")).toContain("application/json");
    expect(markers.headers.get("cache-control")).toBe("private, no-cache");
    const etag = markers.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const all = parseMarkers(await markers.text());
    expect(all.map((m) => m.id)).toContain(parsed.id);
    // A search narrows them like the list.
    const narrowed = parseMarkers(await (await admin.get(`${PATH}/marcadores?q=${encodeURIComponent(parsed.name)}`)).text());
    expect(narrowed.map((m) => m.id)).toEqual([parsed.id]);
    // The browser's copy, revalidated: nothing changed, nothing downloaded.
    const again = await admin.get(`${PATH}/marcadores`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    // They are kept between requests until a write is announced: a rename by hand SQL (another
    // connection, as another instance would) reaches them within moments, with a new ETag.
    await t.query`update workplaces set name = 'ZZZ Marcador renomeado' where id = ${parsed.id}`;
    await waitFor(async () => (await (await admin.get(`${PATH}/marcadores`)).text()).includes("ZZZ Marcador renomeado"), 5_000);
    // The new name sorts last, so only a marker could carry it to the page's first screen: the page
    // carries none (it stays small; 1.1 MB at 5,000 workplaces before).
    expect(await (await admin.get(PATH)).text()).not.toContain("ZZZ Marcador renomeado");
    const changed = await admin.get(`${PATH}/marcadores`, { headers: { "If-None-Match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    // A proxy that compresses the body weakens the tag; the browser sends it back as it got it.
    // (Once the markers have settled: a write still being announced, e.g. a geocoding job's, would
    // change the tag between the two requests.)
    let now = changed.headers.get("etag")!;
    await waitFor(async () => {
      const latest = (await admin.get(`${PATH}/marcadores`)).headers.get("etag")!;
      const settled = latest === now;
      now = latest;
      return settled;
    }, 5_000);
    const weak = await admin.get(`${PATH}/marcadores`, { headers: { "If-None-Match": `"outra", W/${now}` } });
    expect(weak.status).toBe(304);
  });

  it("the markers answer only the map's roles: another role gets 403 in plain text, never the markers", async () => {
    for (const role of ["campo", "juridico", "financeiro", "secretaria", "homologacao"] as Role[]) {
      const c = await t.login(role);
      const res = await c.get(`${PATH}/marcadores`);
      expect(res.status, role).toBe(403);
      expect(res.headers.get("content-type"), role).toContain("text/plain");
      expect(res.headers.get("etag"), role).toBeNull();
      expect(await res.text(), role).toContain(MESSAGES.markersDenied.message);
    }
    for (const role of ["presidencia", "rh"] as Role[]) {
      const c = await t.login(role);
      const res = await c.get(`${PATH}/marcadores`);
      expect(res.status, role).toBe(200);
      expect(res.headers.get("etag"), role).toMatch(/^"[\w-]+"$/);
    }
  });
});
