import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/suite";
import type { Client } from "../support/http";
import { createUser } from "~/db/factories/users";
import { createFieldRoute } from "~/db/factories/field";
import { serviceRecordValues } from "~/db/factories/services";
import { serviceRecords } from "~/db/schema";
import { AUDIT_MESSAGES } from "~/domain/audit/audit-filters";
import { ROUTE_MESSAGES } from "~/domain/fieldwork/visit-route.schema";
import { protocolAt, PROTOCOL_WINDOW_SECONDS } from "~/domain/service-records/protocol.server";
import { SERVICE_MESSAGES } from "~/domain/service-records/service-options";
import { BAD_ADDRESS_MESSAGES } from "../../server/bad-address";
import { FINISH_ANSWERS } from "../support/fieldwork";
import { decodeHtml as decode } from "../support/html";

/**
 * Issue 18 §5, "no 500 anywhere": each 500 the outside attack found, as a regression test.
 * (The query-string fuzz over every staff page is tests/integration/query-fuzz.test.ts.)
 */
const t = useTestServer();
let admin: Client;

beforeAll(async () => {
  admin = await t.login("admin");
});

describe("a NUL or a broken percent-encoding in the address answers 400 before any route", () => {
  // The nine staff lists of the report, and the parameter each one sent to the database.
  const LISTS = [
    "/dashboard/atendimentos?q=a%00b",
    "/dashboard/admin/members?q=a%00b",
    "/dashboard/admin/members/exportar?q=a%00b",
    "/dashboard/financeiro/financial?q=a%00b",
    "/dashboard/admin/mapa-postos?q=a%00b",
    "/dashboard/admin/mapa-postos?cidade=a%00b",
    "/dashboard/denuncias?q=a%00b",
    "/dashboard/denuncias?local=a%00b",
    "/dashboard/admin/agreements?q=a%00b",
    "/dashboard/noticias?q=a%00b",
  ];

  it("the staff lists: a page in Portuguese for a navigation, plain text for the router's .data fetch", async () => {
    const wrong: string[] = [];
    for (const url of LISTS) {
      const page = await admin.get(url, { headers: { Accept: "text/html" } });
      const html = decode(await page.text());
      if (page.status !== 400 || !page.headers.get("content-type")?.startsWith("text/html") || !html.includes(BAD_ADDRESS_MESSAGES.text)) {
        wrong.push(`${url} → ${page.status} ${page.headers.get("content-type")}`);
      }
      const [path, query] = url.split("?");
      const dataUrl = `${path}.data?${query}`;
      const data = await admin.get(dataUrl);
      const text = await data.text();
      if (
        data.status !== 400 ||
        !data.headers.get("content-type")?.startsWith("text/plain") ||
        !text.includes(BAD_ADDRESS_MESSAGES.title)
      ) {
        wrong.push(`${dataUrl} → ${data.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("any NUL, in a name or a value, in the path or the query; and a path whose percent-encoding is not UTF-8", async () => {
    const anon = t.anonymous();
    const urls = [
      "/noticias?q=%00",
      "/dashboard/atendimentos?%00=1",
      "/dashboard/atendimentos?status=pending&q=x%00",
      "/dashboard/atendimentos?q=%ZZ%00",
      "/dashboard/atendimentos/%00",
      "/dashboard/%E0%A4%A",
      "/dashboard/atendimento/%ZZ",
      "/dashboard/atendimento/%ED%A0%80",
      "/login?redirectTo=%00",
    ];
    for (const url of urls) {
      for (const c of [admin, anon]) {
        const res = await c.get(url);
        expect(res.status, url).toBe(400);
        expect(decode(await res.text()), url).toContain(BAD_ADDRESS_MESSAGES.title);
      }
    }
    // A post to such an address too (the form's fields are the form fuzz's business).
    const post = await admin.post("/dashboard/atendimento?x=%00", { intent: "create" });
    expect(post.status).toBe(400);
  });

  it("a broken percent-encoding in the query is read as the loaders read it (U+FFFD), not refused and never a 500", async () => {
    for (const q of ["q=%E0%A4%A", "q=%ZZ", "q=100%", "q=%ED%A0%80", "%ZZ=1", "q=%"]) {
      for (const list of ["/dashboard/atendimentos", "/dashboard/admin/members", "/dashboard/denuncias", "/dashboard/auditoria"]) {
        const res = await admin.get(`${list}?${q}`);
        expect(res.status, `${list}?${q}`).toBeLessThan(500);
        expect(res.status, `${list}?${q}`).not.toBe(400);
      }
    }
    // The login page with a hostile redirectTo still renders (issue 13).
    expect((await t.anonymous().get("/login?redirectTo=%E0%A4%A")).status).toBe(200);
  });

  it("a well-formed address with the same characters encoded is untouched", async () => {
    for (const url of [
      "/dashboard/atendimentos?q=%2500",
      "/dashboard/atendimentos?q=a+b%20%C3%A7",
      "/dashboard/atendimentos?q=%25E0%25A4%25A",
    ]) {
      expect((await admin.get(url)).status, url).toBe(200);
    }
  });
});

describe("the audit screen's page cursor", () => {
  it("a cursor past bigint, or past year 9999, is refused with the page's message, not a 500", async () => {
    for (const cursor of ["9999999999999999999.1", "1.9999999999999999999", "999999999999999999.1", "-1.1"]) {
      for (const param of ["antes", "depois"]) {
        const res = await admin.get(`/dashboard/auditoria?${param}=${cursor}`);
        expect(res.status, `${param}=${cursor}`).toBe(400);
        expect(decode(await res.text()), `${param}=${cursor}`).toContain(AUDIT_MESSAGES.cursor);
      }
    }
    // The largest accepted values still answer the page.
    expect((await admin.get("/dashboard/auditoria?antes=253402300799999999.9223372036854775807")).status).toBe(200);
    expect((await admin.get("/dashboard/auditoria?depois=0.1")).status).toBe(200);
  });
});

describe("a route started or finished with a fix time out of range", () => {
  const EXECUTE = "/dashboard/campo/executar-rota";
  const position = { lat: "-15.79", lon: "-47.88", accuracy: "8" };

  it("answers 400 with the message and leaves the route pending; a real fix time starts it", async () => {
    const campo = await t.login("campo");
    const route = await createFieldRoute(t.db);
    for (const fixAt of [
      "9e15",
      "8640000000000001",
      "-1",
      "0",
      "1e308",
      "Infinity",
      "abc",
      String(Date.UTC(1999, 11, 31)),
      String(Date.now() + 3 * 86_400_000),
    ]) {
      const res = await campo.post(EXECUTE, { intent: "start", id: route.id, ...position, fixAt });
      expect(res.status, fixAt).toBe(400);
      expect(decode(await res.text()), fixAt).toContain(ROUTE_MESSAGES.fixAt);
    }
    const [pending] = await t.query<{ status: string }>`select status from field_routes where id = ${route.id}`;
    expect(pending.status).toBe("pendente");
    const fixAt = Date.now() - 5_000;
    const ok = await campo.post(EXECUTE, { intent: "start", id: route.id, ...position, fixAt: String(fixAt) });
    expect(ok.status).toBe(200);
    const [started] = await t.query<{
      status: string;
      start_fix_at: Date;
    }>`select status, start_fix_at from field_routes where id = ${route.id}`;
    expect(started.status).toBe("em_andamento");
    expect(new Date(started.start_fix_at).getTime()).toBe(fixAt);
    // Finishing goes through the same check.
    const finishBody = {
      intent: "finish",
      id: route.id,
      token: "tok-fixat-0000000001",
      ...FINISH_ANSWERS,
      outsourced: "nao",
      directContractType: "Outro",
      directContractOther: "Associação de moradores",
      ...position,
    };
    const finish = await campo.post(EXECUTE, { ...finishBody, fixAt: "9e15" });
    expect(finish.status).toBe(400);
    expect(decode(await finish.text())).toContain(ROUTE_MESSAGES.fixAt);
    expect((await campo.post(EXECUTE, { ...finishBody, fixAt: String(Date.now()) })).status).toBe(200);
  });
});

describe("service record protocols when records come faster than one a second", () => {
  const body = {
    intent: "create",
    recordType: "denuncia_anonima",
    sector: "secretaria",
    serviceType: "Filiação",
    "sd.requestType": "informacao",
    priority: "media",
    description: "Registro simultâneo para testar os protocolos.",
  };

  it(
    "8 staff posting 16 each at once: no 5xx, 128 records, 128 distinct protocols near the time of the save",
    { timeout: 180_000 },
    async () => {
      const staff = await Promise.all(Array.from({ length: 8 }, async () => t.login(await createUser(t.db, { role: "admin" }))));
      const start = Date.now();
      const before = new Set((await t.query<{ protocol: string }>`select protocol from service_records`).map((r) => r.protocol));
      const statuses = (
        await Promise.all(
          staff.map(async (c) => {
            const out: number[] = [];
            for (let i = 0; i < 16; i++) {
              const res = await c.post("/dashboard/atendimento", body);
              await res.arrayBuffer();
              out.push(res.status);
            }
            return out;
          }),
        )
      ).flat();
      const end = Date.now();
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(statuses).toEqual(Array(128).fill(200));
      const rows = (await t.query<{ protocol: string }>`select protocol from service_records`).filter((r) => !before.has(r.protocol));
      expect(rows).toHaveLength(128);
      expect(new Set(rows.map((r) => r.protocol)).size).toBe(128);
      // Every protocol within the window after the first save's second.
      const first = protocolAt(new Date(start - 1000));
      const last = protocolAt(new Date(end + PROTOCOL_WINDOW_SECONDS * 1000));
      for (const r of rows) expect(r.protocol >= first && r.protocol <= last, r.protocol).toBe(true);
    },
  );

  it("every second of the window taken: 503 with 'tente novamente', nothing written; the next save after them works", async () => {
    // Take every second from a little before now to past the window.
    const now = Date.now();
    const taken = Array.from({ length: PROTOCOL_WINDOW_SECONDS + 30 }, (_, i) => protocolAt(new Date(now - 10_000 + i * 1000)));
    await t.db
      .insert(serviceRecords)
      .values(taken.map((protocol, i) => serviceRecordValues(900_000 + i, { protocol })))
      .onConflictDoNothing();
    const [{ n: before }] = await t.query<{ n: number }>`select count(*)::int as n from service_records`;
    try {
      const res = await admin.post("/dashboard/atendimento", body);
      expect(res.status).toBe(503);
      const html = decode(await res.text());
      expect(html).toContain(SERVICE_MESSAGES.protocolBusy);
      expect(html).toContain("tente novamente");
      const viaData = await admin.post("/dashboard/atendimento.data", body);
      expect(viaData.status).toBe(503);
      const [{ n: after }] = await t.query<{ n: number }>`select count(*)::int as n from service_records`;
      expect(after).toBe(before);
    } finally {
      await t.query`delete from service_records where description like 'Atendimento de teste número 9%'`;
    }
    expect((await admin.post("/dashboard/atendimento", body)).status).toBe(200);
  });
});
