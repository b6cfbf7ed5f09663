import { beforeAll, describe, expect, it } from "vitest";
import { createFieldRoute } from "~/db/factories/field";
import { createUser } from "~/db/factories/users";
import { ROUTE_MESSAGES } from "~/domain/fieldwork/visit-route.schema";
import type { Client } from "../support/http";
import { useTestServer } from "../support/suite";
import { FINISH_ANSWERS } from "../support/fieldwork";
import { decodeHtml as decode } from "../support/html";

/**
 * Campo on the phone (issue 19 §12), over HTTP: one route in progress per person (also when two
 * starts of different routes arrive at once), the visit's observations stored, and "Minhas
 * visitas": one's own finished visits, read-only.
 */
const t = useTestServer();
const EXECUTE = "/dashboard/campo/executar-rota";
const MINE = "/dashboard/campo/minhas-visitas";
let campo: Client;
let campoId: string;
let other: Client;

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
const start = (c: Client, id: string) => c.post(EXECUTE, { intent: "start", id, positionCep: "70040-010" });
const finishBody = (id: string, token: string, notes: string) => ({
  intent: "finish",
  id,
  token,
  ...FINISH_ANSWERS,
  outsourced: "sim",
  positionCep: "70040-010",
  notes,
});
async function status(id: string) {
  const [r] = await t.query<{
    status: string;
    in_progress_by: string | null;
    notes: string | null;
  }>`select status, in_progress_by, notes from field_routes where id = ${id}`;
  return r;
}

beforeAll(async () => {
  campo = await t.login("campo");
  campoId = (await t.user("campo")).id;
  other = await t.login(await createUser(t.db, { role: "campo" }));
});

describe("one route at a time", () => {
  it("refuses starting a second route while one is in progress, with the original's notice; after finishing, the next starts", async () => {
    const a = await createFieldRoute(t.db, { name: "Rota Alfa", routeDate: today() });
    const b = await createFieldRoute(t.db, { name: "Rota Bravo", routeDate: today() });
    expect((await start(campo, a.id)).status).toBe(200);
    const second = await start(campo, b.id);
    expect(second.status).toBe(409);
    expect(decode(await second.text())).toContain(ROUTE_MESSAGES.secondStart);
    expect((await status(b.id)).status).toBe("pendente");
    // The page says so instead of offering the start.
    const page = decode(await (await campo.get(EXECUTE)).text());
    expect(page).toContain(ROUTE_MESSAGES.secondStart);
    // Someone else may start it.
    expect((await start(other, b.id)).status).toBe(200);
    // Starting one's own route again is not a second route.
    expect((await start(campo, a.id)).status).toBe(200);
    // Finished with observations, stored as written.
    const notes = "Portaria pediu retorno na próxima semana.\nBrigada com 2 extintores vencidos.";
    expect((await campo.post(EXECUTE, finishBody(a.id, "tok-notes-000000000001", notes))).status).toBe(200);
    expect(await status(a.id)).toMatchObject({ status: "concluida", notes });
    const c = await createFieldRoute(t.db, { name: "Rota Charlie", routeDate: today() });
    expect((await start(campo, c.id)).status).toBe(200);
    expect((await campo.post(EXECUTE, finishBody(c.id, "tok-notes-000000000002", ""))).status).toBe(200);
    expect((await status(c.id)).notes).toBeNull();
  });

  it("two starts of different routes by one person at once: exactly one starts", async () => {
    const routes = await Promise.all([1, 2, 3].map((i) => createFieldRoute(t.db, { name: `Rota Corrida ${i}`, routeDate: today() })));
    const answers = await Promise.all(routes.map((r) => start(campo, r.id)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const [{ n }] = await t.query<{
      n: number;
    }>`select count(*)::int as n from field_routes where in_progress_by = ${campoId} and status = 'em_andamento'`;
    expect(n).toBe(1);
    const started = routes.find((_, i) => answers[i].status === 200)!;
    expect((await campo.post(EXECUTE, finishBody(started.id, "tok-race-0000000000001", "Corrida"))).status).toBe(200);
  });

  it("refuses observations over 2,000 characters, writing nothing", async () => {
    const r = await createFieldRoute(t.db, { name: "Rota Longa", routeDate: today() });
    expect((await start(campo, r.id)).status).toBe(200);
    const res = await campo.post(EXECUTE, finishBody(r.id, "tok-long-0000000000001", "x".repeat(2001)));
    expect(res.status).toBe(400);
    expect(decode(await res.text())).toContain("Observações: máximo de 2000 caracteres.");
    expect((await status(r.id)).status).toBe("em_andamento");
    expect((await campo.post(EXECUTE, finishBody(r.id, "tok-long-0000000000002", "ok"))).status).toBe(200);
  });
});

describe("Minhas visitas", () => {
  it("lists only the visits this person finished, with their observations, read-only; the full list stays closed to campo", async () => {
    const html = decode(await (await campo.get(MINE)).text());
    expect(html).toContain("Rota Alfa");
    expect(html).toContain("Brigada com 2 extintores vencidos.");
    expect(html).toContain("Rota Charlie");
    // Bravo was started by the other person and is not finished; theirs never shows here.
    expect(html).not.toContain("Rota Bravo");
    // Read-only: nothing on the page's content posts (the shell's sign-out aside).
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main).toContain("Rota Alfa");
    expect(main).not.toMatch(/<form[^>]*method="post"/i);
    // The other person finishes Bravo: theirs, not campo's.
    const [bravo] = await t.query<{ id: string }>`select id from field_routes where name = 'Rota Bravo'`;
    expect((await other.post(EXECUTE, finishBody(bravo.id, "tok-other-000000000001", "Do outro"))).status).toBe(200);
    expect(decode(await (await campo.get(MINE)).text())).not.toContain("Rota Bravo");
    expect(decode(await (await other.get(MINE)).text())).toContain("Rota Bravo");
    // Reachable from campo's menu.
    const panel = decode(await (await campo.get("/dashboard/campo")).text());
    expect(panel).toContain(`href="${MINE}"`);
    // Other roles do not get it; campo still does not get everyone's visits.
    const rh = await t.login("rh");
    expect((await rh.get(MINE)).status).toBe(302);
    expect(decode(await (await campo.get("/dashboard/visitas-finalizadas")).text())).not.toContain("Rota Alfa");
  });
});
