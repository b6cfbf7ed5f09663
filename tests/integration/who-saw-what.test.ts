import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Role } from "~/auth/roles";
import type { ServiceSector } from "~/auth/scopes";
import { createMember, type MemberRow } from "~/db/factories/members";
import { createServiceRecordRow } from "~/db/factories/services";
import { createUser } from "~/db/factories/users";
import { AUDIT_MESSAGES } from "~/domain/audit/audit-filters";
import { SERVICE_MESSAGES } from "~/domain/service-records/service-options";
import { formatCpf, maskCpfForList } from "~/lib/br/cpf";
import type { Client } from "../support/http";
import { signedIn, useTestServer } from "../support/suite";
import { decodeHtml } from "../support/html";

/**
 * Who saw what (issue 18 §6), over real HTTP on both databases: the requester's CPF on a service
 * record's detail (masked; "Ver CPF completo" audited as the member page's view), refused actions
 * in the audit log and the HTTP log, one limit and one audit for member look-ups, a limit on
 * company look-ups, and the audit screen answering "who viewed this member's CPF?".
 */
/**
 * The server's JSON log lines (LOG_LEVEL=info for this file), kept here instead of printed; the
 * lines written while `fn` runs.
 */
const logged: string[] = [];
beforeAll(() => {
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, "write").mockImplementation(((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = String(chunk);
    if (text.startsWith('{"t":')) {
      logged.push(...text.split("\n").filter(Boolean));
      return true;
    }
    return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write);
});
const REFUSAL_CAP = 5;
const t = useTestServer({ env: { LOG_LEVEL: "info", AUDIT_REFUSALS_PER_MINUTE: String(REFUSAL_CAP) } });

const ROLES: Role[] = ["admin", "rh", "secretaria", "juridico", "homologacao", "financeiro", "presidencia", "campo"];
const as = signedIn(t, ROLES);
const ids: Partial<Record<Role, string>> = {};

/** The sector whose records each role reads (admin and rh read all: the secretaria one here). */
const SECTOR_OF: Partial<Record<Role, ServiceSector>> = {
  admin: "secretaria",
  rh: "secretaria",
  secretaria: "secretaria",
  juridico: "juridico",
  homologacao: "homologacao",
  financeiro: "financeiro",
  presidencia: "presidencia",
};
const SECTORS: ServiceSector[] = ["secretaria", "juridico", "homologacao", "financeiro", "presidencia"];

let member: MemberRow;
const recordOf = {} as Record<ServiceSector, { id: string; protocol: string }>;

beforeAll(async () => {
  for (const role of ROLES) ids[role] = (await t.user(role)).id;
  member = await createMember(t.db);
  for (const sector of SECTORS) {
    recordOf[sector] = await createServiceRecordRow(t.db, {
      sector,
      requesterName: member.name,
      requesterCpf: member.cpf,
      memberId: member.id,
    });
  }
});

/** Posts like the browser's fetcher (single fetch). */
async function fetcherPost(c: Client, path: string, body: Record<string, string>) {
  const res = await c.request(`${path}.data`, { method: "POST", body: new URLSearchParams(body) });
  return { status: res.status, text: decodeHtml(await res.text()) };
}

type Entry = {
  action: string;
  actor_username: string | null;
  actor_id: string | null;
  entity_type: string;
  entity_id: string | null;
  data: Record<string, unknown>;
};
async function entries(action: string, where: { actorId?: string } = {}) {
  const rows =
    await t.query<Entry>`select action, actor_username, actor_id, entity_type, entity_id, data from audit_log where action = ${action} order by id`;
  return where.actorId ? rows.filter((r) => r.actor_id === where.actorId) : rows;
}
async function count(action: string) {
  return (await entries(action)).length;
}

async function logLines(fn: () => Promise<void>): Promise<Array<Record<string, unknown>>> {
  const from = logged.length;
  await fn();
  // The line is written when the response has finished: let the last one land.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return logged.slice(from).map((l) => JSON.parse(l) as Record<string, unknown>);
}

afterAll(() => vi.restoreAllMocks());

/** The status of a response whose body has been read (so the request is over). */
async function statusOf(pending: Promise<Response>) {
  const res = await pending;
  await res.text();
  return res.status;
}

describe("the requester's CPF on a service record", () => {
  it("is masked to every role on the page and in its .data, and loading the page writes no CPF view", async () => {
    const cpf = member.cpf!;
    const viewsBefore = await count("member.cpf_viewed");
    for (const [role, sector] of Object.entries(SECTOR_OF) as Array<[Role, ServiceSector]>) {
      const path = `/dashboard/atendimento/${recordOf[sector].id}`;
      const page = await as(role).get(path);
      expect(page.status, role).toBe(200);
      const html = decodeHtml(await page.text());
      const loaderData = decodeHtml(await (await as(role).get(`${path}.data`)).text());
      for (const [name, body] of [
        ["html", html],
        [".data", loaderData],
      ] as const) {
        expect(body.includes(cpf), `${role} ${name}: CPF em dígitos`).toBe(false);
        expect(body.includes(formatCpf(cpf)), `${role} ${name}: CPF formatado`).toBe(false);
        expect(body.includes(maskCpfForList(cpf)), `${role} ${name}: CPF mascarado`).toBe(true);
      }
      // Only the roles that see full CPFs on members (ADR 122) are offered the whole number.
      expect(html.includes(SERVICE_MESSAGES.revealCpf), role).toBe(["admin", "rh", "secretaria"].includes(role));
    }
    expect(await count("member.cpf_viewed")).toBe(viewsBefore);
  });

  it("'Ver CPF completo' answers the whole number and writes the member page's audited view, with the record", async () => {
    const record = recordOf.secretaria;
    const path = `/dashboard/atendimento/${record.id}`;
    const before = await count("member.cpf_viewed");
    const shown = await fetcherPost(as("secretaria"), path, { intent: "reveal-cpf" });
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(formatCpf(member.cpf!));
    const views = await entries("member.cpf_viewed");
    expect(views).toHaveLength(before + 1);
    expect(views.at(-1)).toMatchObject({
      actor_id: ids.secretaria,
      entity_type: "member",
      entity_id: member.id,
      data: { registrationNumber: member.registrationNumber, serviceRecordId: record.id, protocol: record.protocol },
    });
    // Never the CPF in the entry.
    expect(JSON.stringify(views.at(-1))).not.toContain(member.cpf!);

    // Without JavaScript: the document post answers the page with the whole number in it.
    const plain = await as("admin").post(path, { intent: "reveal-cpf" });
    expect(plain.status).toBe(200);
    expect(decodeHtml(await plain.text())).toContain(formatCpf(member.cpf!));
    expect(await count("member.cpf_viewed")).toBe(before + 2);
  });

  it("a requester who is not a member: the view is written with the record and no member", async () => {
    const r = await createServiceRecordRow(t.db, {
      sector: "secretaria",
      requesterName: "Pessoa Sem Filiação",
      requesterCpf: "39053344705",
    });
    const shown = await fetcherPost(as("rh"), `/dashboard/atendimento/${r.id}`, { intent: "reveal-cpf" });
    expect(shown.status).toBe(200);
    expect(shown.text).toContain("390.533.447-05");
    expect((await entries("member.cpf_viewed")).at(-1)).toMatchObject({
      actor_id: ids.rh,
      entity_id: null,
      data: { registrationNumber: null, serviceRecordId: r.id, protocol: r.protocol },
    });
    // A record with no CPF (an anonymous complaint) has nothing to show.
    const none = await createServiceRecordRow(t.db, {
      sector: "secretaria",
      recordType: "denuncia_anonima",
      requesterName: "Denúncia Anônima",
      requesterCpf: null,
    });
    const res = await fetcherPost(as("secretaria"), `/dashboard/atendimento/${none.id}`, { intent: "reveal-cpf" });
    expect(res.status).toBe(404);
    expect(res.text).toContain(SERVICE_MESSAGES.noCpf);
  });

  it("jurídico, homologação, financeiro and presidência are refused (403): no view, one refusal entry each", async () => {
    const views = await count("member.cpf_viewed");
    for (const role of ["juridico", "homologacao", "financeiro", "presidencia"] as const) {
      const record = recordOf[SECTOR_OF[role]!];
      const res = await fetcherPost(as(role), `/dashboard/atendimento/${record.id}`, { intent: "reveal-cpf" });
      expect(res.status, role).toBe(403);
      expect(res.text.includes(formatCpf(member.cpf!)), role).toBe(false);
      expect((await entries("access.refused", { actorId: ids[role] })).at(-1), role).toMatchObject({
        entity_type: "access",
        entity_id: record.id,
        data: { method: "POST", path: `/dashboard/atendimento/${record.id}`, screen: "service-detail", intent: "reveal-cpf" },
      });
    }
    // A role that may see CPFs, on a record outside its sector: refused by the scope.
    const res = await fetcherPost(as("secretaria"), `/dashboard/atendimento/${recordOf.juridico.id}`, { intent: "reveal-cpf" });
    expect(res.status).toBe(403);
    expect((await entries("access.refused", { actorId: ids.secretaria })).at(-1)).toMatchObject({
      entity_id: recordOf.juridico.id,
      data: { screen: "service-detail" },
    });
    expect(await count("member.cpf_viewed")).toBe(views);
  });
});

describe("refused actions", () => {
  it("are written with who, which screen and intent and which record; the HTTP log line names the user", async () => {
    const record = recordOf.secretaria;
    const lines: Array<Record<string, unknown>> = await logLines(async () => {
      // The role table refuses (campo has no service screens): the guard, before the body is read.
      expect(
        await statusOf(as("campo").post(`/dashboard/atendimento/${record.id}`, { intent: "status", id: record.id, status: "closed" })),
      ).toBe(403);
    });
    expect((await entries("access.refused", { actorId: ids.campo })).at(-1)).toMatchObject({
      actor_username: (await t.user("campo")).username,
      entity_id: record.id,
      data: { method: "POST", screen: "service-detail", intent: null },
    });
    const http = lines.find((l) => l.msg === "http" && l.status === 403 && l.path === `/dashboard/atendimento/${record.id}`);
    expect(http, JSON.stringify(lines)).toMatchObject({ method: "POST", user: ids.campo });
    // Lines of signed-out requests carry no user.
    const anonymous = await logLines(async () => void (await statusOf(t.anonymous().get("/login"))));
    expect(anonymous.find((l) => l.msg === "http" && l.path === "/login")).not.toHaveProperty("user");

    // The action map refuses (anonymise is admin's): the intent and the member of the URL.
    expect((await fetcherPost(as("rh"), `/dashboard/rh/members/${member.id}`, { intent: "anonymize" })).status).toBe(403);
    expect((await entries("access.refused", { actorId: ids.rh })).at(-1)).toMatchObject({
      entity_id: member.id,
      data: { screen: "member-detail", intent: "anonymize" },
    });

    // The sector scope refuses a record named in the body (the list's quick action).
    const body = { intent: "status", id: record.id, status: "in_progress", responsibleId: ids.juridico!, comment: "Fora do escopo." };
    expect((await fetcherPost(as("juridico"), "/dashboard/atendimentos", body)).status).toBe(403);
    expect((await entries("access.refused", { actorId: ids.juridico })).at(-1)).toMatchObject({
      entity_id: record.id,
      data: { screen: "service-list", intent: "status" },
    });
    // The record is untouched.
    const [row] = await t.query<{ status: string }>`select status from service_records where id = ${record.id}`;
    expect(row.status).toBe("pending");
  });

  it(`write at most ${REFUSAL_CAP} entries per user and minute; the rest become one entry with their count`, async () => {
    const prober = await createUser(t.db, { role: "campo" });
    const c = await t.login(prober);
    const paths = Array.from(
      { length: REFUSAL_CAP + 4 },
      (_, i) => `/dashboard/atendimento/00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    );
    const lines = await logLines(async () => {
      for (const path of paths) expect(await statusOf(c.post(path, { intent: "comment", comment: "x" }))).toBe(403);
    });
    // Every refusal keeps its log line with the user; only the first ones are entries.
    expect(lines.filter((l) => l.msg === "http" && l.status === 403 && l.user === prober.id)).toHaveLength(paths.length);
    const written = await entries("access.refused", { actorId: prober.id });
    expect(written.map((e) => e.entity_id)).toEqual(paths.slice(0, REFUSAL_CAP).map((p) => p.split("/").at(-1)));
    // When the minute is over, the refusals left out are written once, with their number.
    await t.server.hooks.flushRefusals(prober.id, Date.now() + 61_000);
    await t.server.hooks.flushRefusals(prober.id, Date.now() + 62_000);
    const after = await entries("access.refused", { actorId: prober.id });
    expect(after).toHaveLength(REFUSAL_CAP + 1);
    expect(after.at(-1)).toMatchObject({ entity_id: paths.at(-1)!.split("/").at(-1), data: { suppressed: paths.length - REFUSAL_CAP } });
  });
});

describe("member look-ups: one limit and one audit for the API and the service form", () => {
  it("creating a record with a CPF counts and audits as a look-up; after the API's 429 it is refused and reveals nothing", async () => {
    const user = await createUser(t.db, { role: "secretaria" });
    const c = await t.login(user);
    const target = await createMember(t.db);
    const form = {
      intent: "create",
      recordType: "atendimento_geral",
      sector: "secretaria",
      requesterCpf: formatCpf(target.cpf!),
      requesterName: "Nome Digitado Pelo Atendente",
      serviceType: "Filiação",
      priority: "media",
      description: "Atendimento para testar o limite de consultas.",
      "sd.requestType": "informacao",
    };
    // The form's creation is a look-up: linked, and audited like the API.
    expect((await c.post("/dashboard/atendimento", form)).status).toBe(200);
    const lookups = () => entries("member.looked_up", { actorId: user.id });
    expect(await lookups()).toEqual([
      expect.objectContaining({ entity_id: target.id, data: { found: true, registrationNumber: target.registrationNumber } }),
    ]);
    const [linked] = await t.query<{ member_id: string | null }>`select member_id from service_records where created_by = ${user.id}`;
    expect(linked.member_id).toBe(target.id);

    // The creation used one of the 30 look-ups a minute: the API answers 29 more, then 429.
    for (let i = 0; i < 29; i++) expect((await c.get(`/api/filiados/consulta?cpf=${target.cpf}`)).status, `consulta ${i + 2}`).toBe(200);
    const limited = await c.get(`/api/filiados/consulta?cpf=${target.cpf}`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await lookups()).toHaveLength(30);

    // Now the form cannot be used to learn whose CPF it is: refused, nothing written, no name.
    const records = async () =>
      (await t.query<{ n: number }>`select count(*)::int as n from service_records where created_by = ${user.id}`)[0].n;
    const refused = await fetcherPost(c, "/dashboard/atendimento", form);
    expect(refused.status).toBe(429);
    expect(refused.text).toContain(SERVICE_MESSAGES.lookupLimited);
    expect(refused.text).not.toContain(target.name);
    expect(await records()).toBe(1);
    expect(await lookups()).toHaveLength(30);
    // A record with no CPF (an anonymous complaint) does not look anyone up and still saves.
    expect(
      (await c.post("/dashboard/atendimento", { ...form, recordType: "denuncia_anonima", requesterCpf: "", requesterName: "" })).status,
    ).toBe(200);
    expect(await records()).toBe(2);
  });
});

describe("company look-ups", () => {
  it("are limited per user in the database: the 31st in a minute is 429 with a pt-BR message; another user is not affected", async () => {
    const user = await createUser(t.db, { role: "homologacao" });
    const c = await t.login(user);
    const url = "/api/atendimentos/empresa?cnpj=11222333000181";
    const statuses = await Promise.all(Array.from({ length: 30 }, () => c.get(url).then((r) => r.status)));
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await c.get(url);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: SERVICE_MESSAGES.companyLimited });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await as("homologacao").get(url)).status).toBe(200);
    const [{ n }] = await t.query<{ n: number }>`select count(*)::int as n from rate_limits where key like 'companyLookup:%'`;
    expect(n).toBeGreaterThanOrEqual(2);
  });
});

describe("the audit screen: who viewed this member's CPF?", () => {
  let seen: MemberRow;
  let other: MemberRow;
  let seenRecord: { id: string; protocol: string };
  beforeAll(async () => {
    seen = await createMember(t.db);
    other = await createMember(t.db);
    seenRecord = await createServiceRecordRow(t.db, {
      sector: "secretaria",
      requesterName: seen.name,
      requesterCpf: seen.cpf,
      memberId: seen.id,
    });
    // Three views of `seen` (the member page by rh, a service record by admin) and one of `other`.
    // (The member page shows the CPF masked and writes the view on "Ver CPF completo", issue 19 §14.)
    expect((await fetcherPost(as("rh"), `/dashboard/rh/members/${seen.id}`, { intent: "reveal-cpf" })).status).toBe(200);
    expect((await fetcherPost(as("admin"), `/dashboard/atendimento/${seenRecord.id}`, { intent: "reveal-cpf" })).status).toBe(200);
    expect((await fetcherPost(as("admin"), `/dashboard/admin/members/${other.id}`, { intent: "reveal-cpf" })).status).toBe(200);
  });

  it("filters by matrícula: only that member's entries, named, in pt-BR", async () => {
    const res = await as("admin").get(`/dashboard/auditoria?filiado=${seen.registrationNumber}&acao=member.cpf_viewed`);
    expect(res.status).toBe(200);
    const html = decodeHtml(await res.text());
    const cards = html.split('data-testid="audit-entry"').slice(1);
    expect(cards).toHaveLength(2);
    expect(html).toContain((await t.user("rh")).name);
    expect(html).toContain((await t.user("admin")).name);
    expect(html).toContain(`Registros sobre o filiado de matrícula <strong>${seen.registrationNumber}</strong>`);
    expect(html).toContain(seenRecord.protocol);
    expect(html).toContain("Protocolo do atendimento");
    expect(html).toContain("Matrícula");
    for (const code of ["registrationNumber", "serviceRecordId", "recordType"]) expect(html.includes(`>${code}<`), code).toBe(false);
    // The other member's view is not among them.
    expect(html).not.toContain(other.id);
    // Each entry's record opens its own page (the entry keeps the id, never the member's name).
    expect(html).toContain(`href="/dashboard/admin/members/${seen.id}"`);
    expect(html).toContain(`aria-label="Abrir filiado ${seen.id}"`);
  });

  it("a CPF is looked up (audited) and replaced by the matrícula in the address", async () => {
    const before = await count("member.searched_by_cpf");
    const res = await as("admin").get(`/dashboard/auditoria?filiado=${encodeURIComponent(formatCpf(seen.cpf!))}&acao=member.cpf_viewed`);
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(new URLSearchParams(location.split("?")[1]).get("filiado")).toBe(String(seen.registrationNumber));
    expect(new URLSearchParams(location.split("?")[1]).get("acao")).toBe("member.cpf_viewed");
    expect(location).not.toContain(seen.cpf!.slice(0, 9));
    expect((await entries("member.searched_by_cpf")).slice(before)).toEqual([
      expect.objectContaining({ entity_id: seen.id, data: { found: 1 } }),
    ]);
  });

  it("with JavaScript the filter form posts the CPF (ADR 307): the same address with the matrícula, audited once", async () => {
    const before = await count("member.searched_by_cpf");
    const res = await as("admin").post("/dashboard/auditoria", {
      intent: "buscar-cpf",
      acao: "member.cpf_viewed",
      filiado: formatCpf(seen.cpf!),
    });
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toBe(`/dashboard/auditoria?acao=member.cpf_viewed&filiado=${seen.registrationNumber}`);
    expect((await entries("member.searched_by_cpf")).slice(before)).toEqual([
      expect.objectContaining({ entity_id: seen.id, data: { found: 1 } }),
    ]);
    // Nobody's CPF: the field's message (200: an answer, not a refusal), the CPF in no address; the search audited all the same.
    const miss = await as("admin").post("/dashboard/auditoria", { intent: "buscar-cpf", filiado: "390.533.447-05" });
    expect(miss.status).toBe(200);
    expect(miss.headers.get("location")).toBeNull();
    expect(decodeHtml(await miss.text())).toContain(AUDIT_MESSAGES.memberNotFound);
    expect(await count("member.searched_by_cpf")).toBe(before + 2);
  });

  it("an unknown or malformed member is a 400 with a pt-BR message, never a 500", async () => {
    for (const [value, message] of [
      ["99999999", AUDIT_MESSAGES.memberNotFound],
      ["390.533.447-05", AUDIT_MESSAGES.memberNotFound],
      ["111.111.111-11", AUDIT_MESSAGES.memberCpf],
      ["abc", AUDIT_MESSAGES.member],
      ["99999999999999", AUDIT_MESSAGES.member],
      ["3000000000", AUDIT_MESSAGES.member],
    ] as const) {
      const res = await as("admin").get(`/dashboard/auditoria?filiado=${encodeURIComponent(value)}`);
      expect(res.status, value).toBe(400);
      expect(decodeHtml(await res.text()), value).toContain(message);
    }
  });

  it("the CSV export takes the same filter (matrícula or CPF) and reads in pt-BR", async () => {
    for (const filiado of [String(seen.registrationNumber), formatCpf(seen.cpf!)]) {
      const res = await as("admin").post("/dashboard/auditoria/exportar", { filiado, acao: "member.cpf_viewed" });
      expect(res.status, filiado).toBe(200);
      const csv = await res.text();
      const rows = csv.trim().split("\r\n");
      expect(rows, filiado).toHaveLength(3);
      expect(csv).toContain(`Matrícula: ${seen.registrationNumber}`);
      expect(csv).toContain(`Protocolo do atendimento: ${seenRecord.protocol}`);
      expect(csv).not.toMatch(/registrationNumber|serviceRecordId/);
    }
  });

  it("service and member entries read in pt-BR on the unfiltered screen", async () => {
    const html = decodeHtml(await (await as("admin").get("/dashboard/auditoria?acao=service.created")).text());
    expect(html).toContain("Atendimento registrado");
    expect(html).toContain("Tipo de registro");
    expect(html).not.toMatch(/>(recordType|memberLinked|protocol|priority)</);
    const lookedUp = decodeHtml(await (await as("admin").get("/dashboard/auditoria?acao=member.looked_up")).text());
    expect(lookedUp).toContain("Filiado encontrado");
    expect(lookedUp).not.toMatch(/>(found|registrationNumber)</);
  });
});
