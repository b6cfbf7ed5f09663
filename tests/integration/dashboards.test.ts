import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/auth/roles";
import { createAgreement } from "~/db/factories/agreements";
import { createComplaint } from "~/db/factories/complaints";
import { createContactMessage } from "~/db/factories/contacts";
import { createFieldRoute, createWorkplace } from "~/db/factories/field";
import { brasiliaDateFromToday as dayFromToday, createCharge, createPayment } from "~/db/factories/finance";
import { createMember } from "~/db/factories/members";
import { createServiceRecordRow } from "~/db/factories/services";
import { addMonths, currentMonth } from "~/domain/dashboards/month";
import { todayInBrasilia } from "~/lib/dates";
import { useTestServer } from "../support/suite";
import type { Client } from "../support/http";
import { decodeHtml as decode } from "../support/html";

/**
 * Role panels (issue 12): every card equals the count of the list it links to (both fetched
 * over HTTP as the role), Brasília month boundaries, sector scoping, one failing query costing
 * one card, and the cache dropped by a write.
 */
const t = useTestServer();
const ROLES: Role[] = ["admin", "presidencia", "campo", "juridico", "financeiro", "rh", "secretaria", "homologacao"];
const clients = {} as Record<Role, Client>;

const month = currentMonth();
const prevMonth = addMonths(month, -1);
const today = todayInBrasilia();
/** 23:30 on the last day of last month in Brasília: already this month in UTC. */
const lastNightOfPrevMonth = new Date(new Date(`${month}-01T02:30:00Z`).getTime());
/** 00:30 on the 1st of this month in Brasília. */
const firstMorning = new Date(`${month}-01T03:30:00Z`);
const past = (days: number) => new Date(Date.now() - days * 86_400_000);

async function get(c: Client, path: string) {
  const res = await c.get(path);
  return { status: res.status, html: await res.text() };
}

type CardInfo = { id: string; href: string | null; value: number };

/** The cards of a panel page: id, link and the number shown. */
function cardsOf(html: string): CardInfo[] {
  const out: CardInfo[] = [];
  for (const m of html.matchAll(/<(a|div)\s([^>]*data-card="([^"]+)"[^>]*)>([\s\S]*?)<\/\1>/g)) {
    const href = /href="([^"]*)"/.exec(m[2])?.[1];
    const value = /data-card-value="([\d.]+)"/.exec(m[4])?.[1];
    out.push({ id: m[3], href: href ? decode(href) : null, value: Number(value) });
  }
  return out;
}

/** The panel's bars: label (the full one, from data-bar or the title), link and the number shown. */
function barsOf(html: string): { label: string; href: string | null; value: number }[] {
  const out: { label: string; href: string | null; value: number }[] = [];
  for (const m of html.matchAll(/<a\s([^>]*data-bar="([^"]+)"[^>]*)>([\s\S]*?)<\/a>/g)) {
    const href = /href="([^"]*)"/.exec(m[1])?.[1];
    out.push({ label: decode(m[2]), href: href ? decode(href) : null, value: Number(/data-bar-value="(\d+)"/.exec(m[3])?.[1]) });
  }
  return out;
}

const num = (s: string) => Number(s.replace(/\./g, ""));

/** The count a list page shows for its current filters. */
function listCount(path: string, html: string): number {
  const page = decode(html);
  if (path.startsWith("/dashboard/denuncias") && /[?&]status=/.test(path)) {
    const m = /aria-current="page"[^>]*>[^<]*<span[^>]*>(\d+)<\/span>/.exec(page);
    return Number(m![1]);
  }
  if (path.startsWith("/dashboard/financeiro/financial")) {
    const m = /data-testid="total-Cobranças"[^>]*>([\d.]+)</.exec(page);
    return num(m![1]);
  }
  // "Meus atendimentos" (issue 22 §1): the total the page states.
  if (path.startsWith("/dashboard/meus-atendimentos")) return Number(/data-total="(\d+)"/.exec(page)![1]);
  if (path.startsWith("/dashboard/contatos")) {
    const m = /(\d+) pendentes?/.exec(page);
    return Number(m![1]);
  }
  // Everything else says its total first in the page header's description.
  const m = /<h1[^>]*>[^<]*<\/h1><p class="mt-1 text-sm text-slate-600">([\d.]+) /.exec(page);
  if (!m) throw new Error(`sem total na lista ${path}`);
  return num(m[1]);
}

beforeAll(async () => {
  for (const r of ROLES) clients[r] = await t.login(r);
  const db = t.db;
  // Members: active and inactive, joined this month and before.
  for (let i = 0; i < 4; i++) await createMember(db, { situation: 1, joinedOn: `${month}-01` });
  for (let i = 0; i < 3; i++) await createMember(db, { situation: 1, joinedOn: `${prevMonth}-15` });
  for (let i = 0; i < 2; i++) await createMember(db, { situation: 10, joinedOn: `${prevMonth}-10` });
  await createMember(db, { situation: 4, joinedOn: today });
  // Service records in several sectors, states and months.
  const sectors = ["homologacao", "juridico", "financeiro", "secretaria", "presidencia"] as const;
  for (const [i, sector] of sectors.entries()) {
    await createServiceRecordRow(db, { sector, status: "pending", createdAt: firstMorning });
    await createServiceRecordRow(db, { sector, status: "in_progress", createdAt: firstMorning });
    await createServiceRecordRow(db, { sector, status: "resolved", createdAt: new Date() });
    await createServiceRecordRow(db, { sector, status: "closed", createdAt: past(40) });
    // The month boundary: 23:30 on the last day of last month in Brasília (this month in UTC).
    await createServiceRecordRow(db, { sector, status: "resolved", createdAt: lastNightOfPrevMonth });
    await createServiceRecordRow(db, {
      sector,
      status: "pending",
      recordType: "denuncia_anonima",
      requesterName: "Denúncia Anônima",
      requesterCpf: null,
      createdAt: new Date(),
    });
    if (i < 2) await createServiceRecordRow(db, { sector, status: "pending", priority: "urgente", createdAt: past(20) });
  }
  // Complaints: open and closed, with and without a place, one at the boundary.
  await createComplaint(db, { status: "pending", location: "Taguatinga Shopping Center", createdAt: new Date() });
  await createComplaint(db, { status: "pending", location: "Taguatinga Shopping Center", createdAt: new Date() });
  await createComplaint(db, { status: "in_review", location: null, createdAt: new Date() });
  await createComplaint(db, { status: "resolved", location: "Asa Norte", createdAt: lastNightOfPrevMonth });
  await createComplaint(db, { status: "pending", location: "Asa Norte", createdAt: lastNightOfPrevMonth });
  // Agreements: in force, starting later (signed: active), ended, and a draft.
  await createAgreement(db, { status: "active", validFrom: dayFromToday(-100), validTo: dayFromToday(100) });
  await createAgreement(db, { status: "active", validFrom: dayFromToday(10), validTo: dayFromToday(400) });
  await createAgreement(db, { status: "expired", validFrom: dayFromToday(-500), validTo: dayFromToday(-1) });
  await createAgreement(db, { status: "draft", validFrom: dayFromToday(-10), validTo: dayFromToday(300) });
  // Contacts, workplaces and routes.
  await createContactMessage(db, { sector: "secretaria" });
  await createContactMessage(db, { sector: "secretaria" });
  await createContactMessage(db, { sector: "juridico" });
  const w1 = await createWorkplace(db, { city: "Taguatinga", lastVisitAt: new Date("2026-03-14T13:30:00.000Z") });
  await createWorkplace(db, { city: "Taguatinga" });
  await createWorkplace(db, { city: "Brasília" });
  await createFieldRoute(db, { workplaceId: w1.id, routeDate: today, status: "pendente", lat: -15.8, lon: -48.05 });
  await createFieldRoute(db, { routeDate: today, status: "pendente", lat: -15.79, lon: -47.9 });
  await createFieldRoute(db, { routeDate: today, status: "em_andamento", lat: -15.78, lon: -47.89 });
  // Dues: this month 4 charged, 2 paid, 1 overdue (due yesterday), 1 pending; last month's paid
  // and overdue charges must not count in this month's cards (the 'pagos' list spans all months).
  const [y, m] = month.split("-").map(Number);
  const [py, pm] = prevMonth.split("-").map(Number);
  const payers: Awaited<ReturnType<typeof createMember>>[] = [];
  for (let i = 0; i < 5; i++) payers.push(await createMember(db, { situation: 1, joinedOn: `${prevMonth}-02` }));
  const thisMonth = (i: number, dueDate: string) =>
    createCharge(db, { memberId: payers[i].id, referenceYear: y, referenceMonth: m, dueDate });
  const lastMonth = (i: number) => createCharge(db, { memberId: payers[i].id, referenceYear: py, referenceMonth: pm });
  for (const ch of [await thisMonth(0, dayFromToday(5)), await thisMonth(1, dayFromToday(-1))])
    await createPayment(db, { chargeId: ch.id, amountCentavos: ch.amountCentavos });
  await thisMonth(2, dayFromToday(-1));
  await thisMonth(3, dayFromToday(3));
  for (const i of [0, 1, 4]) {
    const ch = await lastMonth(i);
    if (i !== 4) await createPayment(db, { chargeId: ch.id, amountCentavos: ch.amountCentavos, paidOn: `${prevMonth}-10` });
  }
});

describe("every card equals the count of the list it links to", () => {
  for (const role of ROLES) {
    it(`${role}`, async () => {
      const c = clients[role];
      const panel = await get(c, `/dashboard/${role}?atualizar=1`);
      expect(panel.status).toBe(200);
      const cards = cardsOf(panel.html);
      expect(cards.length).toBeGreaterThanOrEqual(3);
      expect(panel.html).not.toContain("data-unavailable");
      let checked = 0;
      for (const card of cards) {
        if (!card.href) continue;
        // The paid rate is a share, not a count: checked in its own test below.
        if (card.id === "mensalidades-taxa") continue;
        const list = await get(c, card.href);
        expect(list.status, card.href).toBe(200);
        expect(listCount(card.href, list.html), `${role} ${card.id} → ${card.href}`).toBe(card.value);
        checked++;
      }
      expect(checked).toBeGreaterThanOrEqual(role === "financeiro" ? 6 : 2);
    });
  }
});

describe("dues", () => {
  it("the dues cards are this month's figures from the finance module, each equal to its list", async () => {
    for (const role of ["financeiro", "admin"] as const) {
      const cards = cardsOf((await get(clients[role], `/dashboard/${role}?atualizar=1`)).html);
      const card = (id: string) => cards.find((x) => x.id === id)!;
      expect(card("mensalidades-cobradas").value).toBe(4);
      expect(card("mensalidades-pagas").value).toBe(2);
      expect(card("mensalidades-pagas").href).toBe(`/dashboard/financeiro/financial?filtro=paid&mes=${month}`);
      expect(card("mensalidades-atrasadas").value).toBe(1);
      expect(card("mensalidades-taxa").value).toBe(50);
    }
    // The list 'Pagos' alone spans every month (4 paid charges); the card's link narrows it.
    const all = await get(clients.financeiro, "/dashboard/financeiro/financial?filtro=paid");
    expect(listCount("/dashboard/financeiro/financial", all.html)).toBe(4);
    const html = decode((await get(clients.financeiro, `/dashboard/financeiro/financial?filtro=paid&mes=${month}`)).html).replace(
      /<!-- -->/g,
      "",
    );
    expect(html).toContain(`Referência ${month.slice(5)}/${month.slice(0, 4)}.`);
    // A bad ?mes= is ignored, never a 500.
    expect((await get(clients.financeiro, "/dashboard/financeiro/financial?filtro=paid&mes=2026-13")).status).toBe(200);
  });
});

describe("months are Brasília months", () => {
  it("a record at 23:30 on the last day of last month (this month in UTC) counts in last month", async () => {
    const c = clients.admin;
    const cards = cardsOf((await get(c, "/dashboard/admin?atualizar=1")).html);
    const done = cards.find((x) => x.id === "atendimentos-concluidos")!;
    // This month: one resolved record per sector (now); the boundary ones are last month's.
    expect(done.value).toBe(5);
    const last = await get(c, `/dashboard/atendimentos?situacao=concluidos&mes=${prevMonth}`);
    expect(listCount("/dashboard/atendimentos", last.html)).toBeGreaterThanOrEqual(5);
    const [{ n }] = await t.query<{ n: number }>`select count(*)::int as n from service_records
      where status in ('resolved','closed') and created_at >= ${`${month}-01T00:00:00Z`}`;
    expect(n).toBeGreaterThan(done.value); // in UTC terms the boundary records are "this month"
    const panel = decode((await get(c, "/dashboard/admin?atualizar=1")).html);
    // The complaints-of-the-month bar: 3 now, not the 2 from last night of last month.
    expect(barsOf(panel).find((b) => b.label === "Denúncias")?.value).toBe(3);
  });
});

describe("scoping", () => {
  it("a sector role's panel counts only its sector", async () => {
    const hom = cardsOf((await get(clients.homologacao, "/dashboard/homologacao?atualizar=1")).html);
    const fin = cardsOf((await get(clients.financeiro, "/dashboard/financeiro?atualizar=1")).html);
    const [{ n: homOpen }] = await t.query<{
      n: number;
    }>`select count(*)::int as n from service_records where sector = 'homologacao' and status in ('pending','in_progress')`;
    const [{ n: allOpen }] = await t.query<{
      n: number;
    }>`select count(*)::int as n from service_records where status in ('pending','in_progress')`;
    expect(hom.find((x) => x.id === "registros-abertos")!.value).toBe(homOpen);
    expect(homOpen).toBeLessThan(allOpen);
    const [{ n: homLate }] = await t.query<{
      n: number;
    }>`select count(*)::int as n from service_records where sector = 'homologacao' and status in ('pending','in_progress') and due_at < now()`;
    expect(homLate).toBeGreaterThanOrEqual(1);
    expect(hom.find((x) => x.id === "registros-atrasados")!.value).toBe(homLate);
    // financeiro: open this month = pending + in progress at the month's start + the complaint.
    expect(fin.find((x) => x.id === "chamados-abertos")!.value).toBe(3);
    expect(fin.find((x) => x.id === "denuncias-setor-mes")!.value).toBe(1);
    const sec = cardsOf((await get(clients.secretaria, "/dashboard/secretaria?atualizar=1")).html);
    expect(sec.find((x) => x.id === "mensagens-pendentes")!.value).toBe(2);
  });
});

describe("labels and empty states", () => {
  it("shows the original's labels, and its empty states on an empty list", async () => {
    const jur = decode((await get(clients.juridico, "/dashboard/juridico?atualizar=1")).html);
    expect(jur).toContain("Denúncias Recentes");
    expect(jur).toMatch(/>Pendente</);
    const rh = decode((await get(clients.rh, "/dashboard/rh?atualizar=1")).html);
    expect(rh).toContain("Filiados Recentes");
    expect(rh).toMatch(/>(Ativo|Inadimplente)</);
    expect(rh).toMatch(/>(Aberto|Em Andamento|Concluído)</);
    for (const a of ["Novo Filiado", "Editar Filiado", "Novo Atendimento", "Relatórios"]) expect(rh).toContain(`>${a}</a>`);
    // Each opens its real screen: the new-member form, the member to edit, the service form, the list.
    expect(rh).toContain('href="/dashboard/rh/members?novo=1"');
    expect(rh).toContain('href="/dashboard/rh/members?acao=editar"');
    // "Ver todas" for the feminine nouns (denúncias, mensagens), "Ver todos" for the rest.
    expect(jur.replace(/<!-- -->/g, "")).toMatch(/Ver todas<span class="sr-only"> \(Denúncias Recentes\)/);
    expect(rh.replace(/<!-- -->/g, "")).toMatch(/Ver todos<span class="sr-only"> \(Filiados Recentes\)/);
    // The trends carry a text alternative.
    expect(rh).toContain("<caption>Filiados: entradas e saídas (12 meses)</caption>");
    const campo = decode((await get(clients.campo, "/dashboard/campo?atualizar=1")).html);
    expect(campo).toContain("3 rotas no mapa.");
  });

  it("the campo panel's map markers carry their workplace's last visit (the popup's 'Última visita'), not the route status", async () => {
    const campo = (await get(clients.campo, "/dashboard/campo?atualizar=1")).html;
    // The loader data serialised in the page has the workplace's instant for the route at w1;
    // the popup (drawn by Leaflet in the browser) formats it with lastVisitText.
    expect(campo).toContain("2026-03-14T13:30:00.000Z");
  });

  it("'Nenhuma denúncia recente encontrada' when there are none", async () => {
    await t.query`alter table complaint_messages drop constraint if exists complaint_messages_complaint_id_complaints_id_fk`;
    await t.query`create table if not exists saved_complaints as select * from complaints where false`;
    await t.query`insert into saved_complaints select * from complaints`;
    await t.query`delete from complaints`;
    try {
      const jur = decode((await get(clients.juridico, "/dashboard/juridico?atualizar=1")).html);
      expect(jur).toContain("Nenhuma denúncia recente encontrada");
    } finally {
      await t.query`insert into complaints select * from saved_complaints`;
      await t.query`drop table saved_complaints`;
    }
  });
});

describe("failure", () => {
  it("a failing query shows its card as unavailable with a retry; the rest renders", async () => {
    await t.query`alter table complaints rename to complaints_away`;
    try {
      const res = await get(clients.juridico, "/dashboard/juridico?atualizar=1");
      expect(res.status).toBe(200);
      const html = decode(res.html);
      expect((html.match(/data-unavailable/g) ?? []).length).toBe(2); // the pending-complaints card and the recent complaints
      expect(html).toContain("Indisponível no momento.");
      expect(html).toContain('href="/dashboard/juridico?atualizar=1"');
      const cards = cardsOf(res.html);
      expect(cards.map((x) => x.id)).toEqual(expect.arrayContaining(["chamados-andamento", "atendimentos-concluidos"]));
    } finally {
      await t.query`alter table complaints_away rename to complaints`;
    }
    const again = await get(clients.juridico, "/dashboard/juridico?atualizar=1");
    expect(again.html).not.toContain("data-unavailable");
  });
});

describe("cache", () => {
  it("a cached panel is dropped by a write", async () => {
    const c = clients.secretaria;
    const before = cardsOf((await get(c, "/dashboard/secretaria")).html).find((x) => x.id === "filiados-ativos")!.value;
    expect(cardsOf((await get(c, "/dashboard/secretaria")).html).find((x) => x.id === "filiados-ativos")!.value).toBe(before);
    await createMember(t.db, { situation: 1, joinedOn: today });
    let after = before;
    for (let i = 0; i < 40 && after === before; i++) {
      after = cardsOf((await get(c, "/dashboard/secretaria")).html).find((x) => x.id === "filiados-ativos")!.value;
      if (after === before) await new Promise((r) => setTimeout(r, 50));
    }
    expect(after).toBe(before + 1);
  });
});

describe("trends", () => {
  /** A trend's twelve rows (oldest first) from its text alternative: the numbers of each month. */
  function trendRows(html: string, title: string): number[][] {
    const page = decode(html).replace(/<!-- -->/g, "");
    const at = page.indexOf(`<caption>${title}</caption>`);
    expect(at, title).toBeGreaterThan(-1);
    const body = page.slice(at, page.indexOf("</tbody>", at));
    return [...body.matchAll(/<tr><th scope="row">[^<]*<\/th>((?:<td>[^<]*<\/td>)+)<\/tr>/g)].map((m) =>
      [...m[1].matchAll(/<td>([^<]*)<\/td>/g)].map((c) => num(c[1].replace("%", ""))),
    );
  }
  const SERVICES_TREND = "Atendimentos: abertos e resolvidos (12 meses)";
  const MEMBERS_TREND = "Filiados: entradas e saídas (12 meses)";

  it("count by Brasília month: opened, resolved by a status change or an edit, members joined and left; a sector's only its own", async () => {
    // Three months ago (row 8 of 12) and the month after it (row 9), well away from this month's cards.
    const m3 = addMonths(month, -3);
    const m2 = addMonths(month, -2);
    const lastNightOfM3 = new Date(`${m2}-01T02:30:00Z`); // 23:30 on M3's last day in Brasília
    const firstMorningOfM2 = new Date(`${m2}-01T03:30:00Z`); // 00:30 on M2's 1st in Brasília
    const read = async (role: Role, title: string) => trendRows((await get(clients[role], `/dashboard/${role}?atualizar=1`)).html, title);
    const before = {
      hom: await read("homologacao", SERVICES_TREND),
      admin: await read("admin", SERVICES_TREND),
      jur: await read("juridico", SERVICES_TREND),
      members: await read("rh", MEMBERS_TREND),
    };
    expect(before.hom).toHaveLength(12);

    const db = t.db;
    const record = await createServiceRecordRow(
      db,
      { sector: "homologacao", status: "resolved", createdAt: lastNightOfM3 },
      { initialStatus: "pending" },
    );
    const entry = (kind: string, oldStatus: string | null, newStatus: string, createdAt: Date) =>
      t.query`insert into service_record_entries (record_id, kind, author_name, responsible_name, old_status, new_status, text, created_at)
        values (${record.id}, ${kind}, 'Teste', 'Teste', ${oldStatus}, ${newStatus}, 'x', ${createdAt.toISOString()})`;
    await entry("status", "pending", "resolved", firstMorningOfM2); // resolved in M2 (UTC would say the same; Brasília too)
    await entry("status", "resolved", "in_progress", new Date(firstMorningOfM2.getTime() + 3_600_000)); // reopened
    await entry("edit", "in_progress", "resolved", new Date(firstMorningOfM2.getTime() + 7_200_000)); // resolved again, by the edit form
    await entry("edit", "resolved", "resolved", new Date(firstMorningOfM2.getTime() + 10_800_000)); // an edit of a resolved record: not a resolution
    await entry("comment", "resolved", "resolved", new Date(firstMorningOfM2.getTime() + 14_400_000)); // a comment: not a resolution
    await createMember(db, { situation: 2, joinedOn: `${m3}-15`, updatedAt: lastNightOfM3 });

    const after = {
      hom: await read("homologacao", SERVICES_TREND),
      admin: await read("admin", SERVICES_TREND),
      jur: await read("juridico", SERVICES_TREND),
      members: await read("rh", MEMBERS_TREND),
    };
    for (const key of ["hom", "admin"] as const) {
      expect(after[key][8][0] - before[key][8][0], `${key}: opened in M3`).toBe(1);
      expect(after[key][9][0] - before[key][9][0], `${key}: nothing opened in M2`).toBe(0);
      expect(after[key][8][1] - before[key][8][1], `${key}: nothing resolved in M3`).toBe(0);
      expect(after[key][9][1] - before[key][9][1], `${key}: resolved twice in M2`).toBe(2);
    }
    expect(after.jur, "another sector's trend").toEqual(before.jur);
    // Members: joined on M3's 15th, left (now inactive, last changed) at 23:30 on M3's last day.
    expect(after.members[8][0] - before.members[8][0]).toBe(1);
    expect(after.members[8][1] - before.members[8][1]).toBe(1);
    expect(after.members[9]).toEqual(before.members[9]);
  });
});

describe("open calls per location (the original's abertosPorLocal)", () => {
  it("counts open service records by the requester member's workplace, each bar equal to its list; the link's name is its visible text", async () => {
    const db = t.db;
    const place = await createWorkplace(db, { name: "Posto Local Alfa", city: "Ceilândia" });
    const onSite = await createMember(db, { situation: 1, workplaceId: place.id, workplaceName: "texto antigo" });
    const freeText = await createMember(db, { situation: 1, workplaceId: null, workplaceName: "Quiosque Beta" });
    await createServiceRecordRow(db, { sector: "juridico", status: "pending", memberId: onSite.id });
    await createServiceRecordRow(db, { sector: "secretaria", status: "in_progress", memberId: onSite.id });
    await createServiceRecordRow(db, { sector: "secretaria", status: "resolved", memberId: onSite.id });
    await createServiceRecordRow(db, { sector: "financeiro", status: "pending", memberId: freeText.id });
    const html = (await get(clients.admin, "/dashboard/admin?atualizar=1")).html;
    expect(html).toContain("Chamados Abertos por Local");
    const bars = barsOf(html).filter((b) => b.href?.includes("local="));
    expect(bars.find((b) => b.label === "Posto Local Alfa")?.value).toBe(2);
    expect(bars.find((b) => b.label === "Quiosque Beta")?.value).toBe(1);
    expect(bars.find((b) => b.label === "Local não informado")?.value).toBeGreaterThan(0);
    for (const bar of bars) {
      expect(bar.href).toContain("/dashboard/atendimentos?");
      const list = await get(clients.admin, bar.href!);
      expect(listCount(bar.href!, list.html), `${bar.label} → ${bar.href}`).toBe(bar.value);
    }
    // No aria-label that would hide the visible text (WCAG 2.5.3).
    expect(html).not.toMatch(/<a[^>]*data-bar=[^>]*aria-label=/);
    expect(html).not.toMatch(/<a[^>]*aria-label=[^>]*data-bar=/);
  });
});
