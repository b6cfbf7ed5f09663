import { beforeAll, describe, expect, it } from "vitest";
import { ROLES, type Role } from "~/auth/roles";
import { createAgreement } from "~/db/factories/agreements";
import { createComplaint } from "~/db/factories/complaints";
import { daysAgo } from "~/db/factories/support";
import { signedIn, useTestServer } from "../support/suite";

/**
 * The staff side of complaints (/dashboard/denuncias; admin, presidencia, juridico): list,
 * filters, detail, status and notes (reviewer and time stored, audited), replies, evidence
 * through the authorised route, the original's messages, refusals and the load-error state.
 */

const ALLOWED: Role[] = ["admin", "presidencia", "juridico"];
const REFUSED = ROLES.filter((r) => !ALLOWED.includes(r));
const DENIED_TITLE = "Acesso Negado - Você não tem permissão para acessar esta página.";

const t = useTestServer();
const as = signedIn(t, ROLES);

/** Five complaints in every status, one with evidence and a thread (public, reporter, internal). */
async function createComplaints() {
  const [admin, presidencia, juridico] = await Promise.all(ALLOWED.map((r) => t.user(r)));
  const staffMessage = (by: typeof admin, visibility: "public" | "internal", body: string, days: number) => ({
    author: "staff" as const,
    visibility,
    staffUserId: by.id,
    staffName: by.name,
    body,
    createdAt: daysAgo(days),
  });
  await createComplaint(t.db, {
    title: "Falta de EPI no plantão noturno",
    status: "in_review",
    evidence: true,
    adminNotes: "Jurídico verificando a NR-23 e o contrato da prestadora.",
    reviewedBy: juridico.id,
    reviewedAt: daysAgo(11),
    createdAt: daysAgo(12),
    updatedAt: daysAgo(9),
    thread: [
      staffMessage(juridico, "public", "Recebemos sua denúncia e uma equipe vai verificar o local.", 10),
      { author: "reporter", body: "O pedido foi feito no dia 3 do mês passado.", createdAt: daysAgo(9) },
      staffMessage(juridico, "internal", "Conferir com a empresa a nota fiscal dos EPIs.", 9),
    ],
  });
  await createComplaint(t.db, { title: "Escala de 24 horas seguidas sem pausa para refeição", status: "pending", createdAt: daysAgo(2) });
  await createComplaint(t.db, {
    title: "Extintores vencidos no galpão de eventos",
    status: "resolved",
    reviewedBy: presidencia.id,
    reviewedAt: daysAgo(39),
    createdAt: daysAgo(40),
    updatedAt: daysAgo(20),
    thread: [staffMessage(presidencia, "public", "A empresa foi notificada e apresentou a recarga.", 20)],
  });
  await createComplaint(t.db, {
    title: "Desconto indevido no contracheque",
    companyName: null,
    location: null,
    status: "dismissed",
    reviewedBy: admin.id,
    reviewedAt: daysAgo(59),
    createdAt: daysAgo(60),
  });
  await createComplaint(t.db, {
    title: "Brigada reduzida em dias de grande público",
    status: "in_review",
    reviewedBy: admin.id,
    reviewedAt: daysAgo(5),
    createdAt: daysAgo(6),
  });
  // A file of another area, which the complaint download route must refuse.
  await createAgreement(t.db);
}

beforeAll(async () => {
  await createComplaints();
});

async function act(role: Role, body: Record<string, string>) {
  const res = await as(role).request("/dashboard/denuncias.data", { method: "POST", body: new URLSearchParams(body) });
  return { status: res.status, text: await res.text() };
}

/** HTML with React's text separators removed, so interpolated text reads as one string. */
async function page(res: Response) {
  return (await res.text()).replace(/<!-- -->/g, "");
}

/** The complaints list as `role`, answered with `status`: its HTML. */
async function listAs(role: Role, status: number) {
  const res = await as(role).get("/dashboard/denuncias");
  expect(res.status, role).toBe(status);
  return page(res);
}

function sidebar(html: string) {
  const start = html.indexOf('aria-label="Menu do painel"');
  return start < 0 ? "" : html.slice(start, html.indexOf("</nav>", start));
}

async function complaintByTitle(title: string) {
  const [row] = await t.query<{
    id: string;
    status: string;
    admin_notes: string | null;
    reviewed_by: string | null;
    reviewed_at: Date | null;
    evidence_file_id: string | null;
  }>`
    select id, status, admin_notes, reviewed_by, reviewed_at, evidence_file_id from complaints where title = ${title}`;
  return row;
}

async function userId(role: Role) {
  return (await t.user(role)).id;
}

async function fingerprint(table: string) {
  const [row] = await t.query<{ h: string }>(
    // A refused post writes its refusal to the audit log (ADR 182); nothing else may change.
    [
      `select count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${table} t ${table === "audit_log" ? "where t.action <> 'access.refused'" : ""}`,
    ] as unknown as TemplateStringsArray,
  );
  return row.h;
}

describe("the list and the detail panel", () => {
  it("lists the complaints newest first, for every allowed role, with the sidebar entry", async () => {
    for (const role of ALLOWED) {
      const html = await listAs(role, 200);
      expect(html).toContain("Falta de EPI no plantão noturno");
      expect(html).toContain("Extintores vencidos no galpão de eventos");
      expect(sidebar(html)).toMatch(/href="\/dashboard\/denuncias"[^>]*>[\s\S]{0,600}?Denúncias<\/a>/);
      const positions = ["Escala de 24 horas seguidas", "Brigada reduzida", "Falta de EPI", "Extintores vencidos", "Desconto indevido"].map(
        (t) => html.indexOf(t),
      );
      expect(positions.every((p) => p > 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    }
  });

  it("filters by status and searches (accent- and case-insensitive), with the original's empty message", async () => {
    const pending = await (await as("juridico").get("/dashboard/denuncias?status=pending")).text();
    expect(pending).toContain("Escala de 24 horas seguidas");
    expect(pending).not.toContain("Extintores vencidos no galpão de eventos");
    const dismissed = await (await as("juridico").get("/dashboard/denuncias?status=dismissed")).text();
    expect(dismissed).toContain("Desconto indevido no contracheque");
    expect(dismissed).not.toContain("Falta de EPI no plantão noturno");
    const search = await (await as("juridico").get(`/dashboard/denuncias?q=${encodeURIComponent("GALPAO")}`)).text();
    expect(search).toContain("Extintores vencidos no galpão de eventos");
    expect(search).not.toContain("Falta de EPI no plantão noturno");
    const none = await (await as("juridico").get("/dashboard/denuncias?q=nada-com-isso-xyz")).text();
    expect(none).toContain("Nenhuma denúncia encontrada");
  });

  it("opens a complaint's detail with notes, thread (internal included) and its evidence through the authorised route", async () => {
    const c = await complaintByTitle("Falta de EPI no plantão noturno");
    const html = await (await as("presidencia").get(`/dashboard/denuncias?id=${c.id}`)).text();
    expect(html).toContain('data-testid="complaint-detail"');
    expect(html).toContain("Jurídico verificando a NR-23");
    expect(html).toContain("Conferir com a empresa a nota fiscal");
    expect(html).toContain(`/dashboard/denuncias/arquivos/${c.evidence_file_id}`);
    const file = await as("presidencia").get(`/dashboard/denuncias/arquivos/${c.evidence_file_id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="evidencia\.jpg"/);
    const inline = await as("presidencia").get(`/dashboard/denuncias/arquivos/${c.evidence_file_id}?inline=1`);
    expect(inline.headers.get("content-disposition")).toMatch(/^inline;/);
  });

  it("the download route serves only complaint files", async () => {
    const [other] = await t.query<{ id: string }>`
      select id from files f where not exists (select 1 from complaints c where c.evidence_file_id = f.id)
        and not exists (select 1 from complaint_messages m where m.file_id = f.id) limit 1`;
    expect(other, "another area's file (an agreement's PDF) should exist").toBeDefined();
    const res = await as("admin").get(`/dashboard/denuncias/arquivos/${other.id}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("Arquivo não encontrado.");
    expect((await as("admin").get("/dashboard/denuncias/arquivos/nao-e-um-id")).status).toBe(404);
  });
});

describe("status, notes and replies", () => {
  it("changes the status freely, storing notes, reviewer and time, audited", async () => {
    const c = await complaintByTitle("Escala de 24 horas seguidas sem pausa para refeição");
    expect(c.status).toBe("pending");
    expect(c.reviewed_by).toBeNull();
    const steps = ["resolved", "pending", "dismissed", "in_review"] as const;
    for (const [i, status] of steps.entries()) {
      const res = await act("juridico", { intent: "status", id: c.id, status, adminNotes: `Nota ${i}` });
      expect(res.status, status).toBe(200);
      expect(res.text).toContain("Status da denúncia atualizado com sucesso!");
      const row = await complaintByTitle("Escala de 24 horas seguidas sem pausa para refeição");
      expect(row.status).toBe(status);
      expect(row.admin_notes).toBe(`Nota ${i}`);
      expect(row.reviewed_by).toBe(await userId("juridico"));
      expect(row.reviewed_at).not.toBeNull();
    }
    const audit = await t.query<{ actor_username: string; data: { from: string; to: string } }>`
      select actor_username, data from audit_log where action = 'complaint.status_changed' and entity_id = ${c.id} order by id`;
    expect(audit.map((a) => `${a.data.from}>${a.data.to}`)).toEqual([
      "pending>resolved",
      "resolved>pending",
      "pending>dismissed",
      "dismissed>in_review",
    ]);
    const juridico = await t.user("juridico");
    expect(audit.every((a) => a.actor_username === juridico.username)).toBe(true);
    const detail = await page(await as("juridico").get(`/dashboard/denuncias?id=${c.id}`));
    expect(detail).toMatch(new RegExp(`Última revisão por ${juridico.name} em \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}`));
  });

  it("saves notes on their own, recording the reviewer, audited", async () => {
    const c = await complaintByTitle("Brigada reduzida em dias de grande público");
    const res = await act("presidencia", { intent: "notes", id: c.id, adminNotes: "Plano de prevenção pedido por ofício." });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Notas salvas com sucesso!");
    const row = await complaintByTitle("Brigada reduzida em dias de grande público");
    expect(row.admin_notes).toBe("Plano de prevenção pedido por ofício.");
    expect(row.status).toBe("in_review");
    expect(row.reviewed_by).toBe(await userId("presidencia"));
    const [audit] = await t.query<{
      n: number;
    }>`select count(*)::int as n from audit_log where action = 'complaint.notes_saved' and entity_id = ${c.id}`;
    expect(audit.n).toBe(1);
  });

  it("refuses bad input with 4xx and a message, changing nothing", async () => {
    const c = await complaintByTitle("Desconto indevido no contracheque");
    const before = await fingerprint("complaints");
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ intent: "status", id: c.id, status: "closed" }, 400, "Selecione um status válido."],
      [{ intent: "status", id: "00000000-0000-4000-8000-000000000000", status: "resolved" }, 404, "Denúncia não encontrada."],
      [{ intent: "notes", id: c.id, adminNotes: "x".repeat(4001) }, 400, "Notas muito longas (máximo 4000 caracteres)."],
      [{ intent: "reply", id: c.id, visibility: "public", body: "  " }, 400, "Escreva a resposta antes de enviar."],
      [{ intent: "reply", id: c.id, visibility: "todos", body: "Oi" }, 400, "Escolha se a resposta é pública ou interna."],
    ];
    for (const [body, status, message] of cases) {
      const res = await act("admin", body);
      expect(res.status, message).toBe(status);
      expect(res.text).toContain(message);
    }
    expect(await fingerprint("complaints")).toBe(before);
  });

  it("answers a failed write with the original's messages", async () => {
    const c = await complaintByTitle("Desconto indevido no contracheque");
    await t.query`create or replace function complaints_fail_update() returns trigger language plpgsql as $$ begin raise exception 'falha injetada'; end $$`;
    await t.query`create trigger complaints_fail_update before update on complaints for each row execute function complaints_fail_update()`;
    try {
      const status = await act("admin", { intent: "status", id: c.id, status: "resolved", adminNotes: "" });
      expect(status.status).toBe(500);
      expect(status.text).toContain("Erro ao atualizar status da denúncia.");
      const notes = await act("admin", { intent: "notes", id: c.id, adminNotes: "Notas" });
      expect(notes.status).toBe(500);
      expect(notes.text).toContain("Erro ao salvar notas.");
      const reply = await act("admin", { intent: "reply", id: c.id, visibility: "internal", body: "Nota" });
      expect(reply.status).toBe(500);
      expect(reply.text).toContain("Erro ao registrar resposta.");
    } finally {
      await t.query`drop trigger if exists complaints_fail_update on complaints`;
      await t.query`drop function if exists complaints_fail_update()`;
    }
    const [{ n }] = await t.query<{ n: number }>`select count(*)::int as n from complaint_messages where complaint_id = ${c.id}`;
    expect(n).toBe(0);
    expect((await complaintByTitle("Desconto indevido no contracheque")).status).toBe("dismissed");
  });

  it("replies are stored with author, visibility and staff name, audited", async () => {
    const c = await complaintByTitle("Extintores vencidos no galpão de eventos");
    const res = await act("admin", { intent: "reply", id: c.id, visibility: "internal", body: "Arquivar a nota fiscal da recarga." });
    expect(res.status).toBe(200);
    const [m] = await t.query<{ author: string; visibility: string; staff_name: string; staff_user_id: string }>`
      select author, visibility, staff_name, staff_user_id from complaint_messages where complaint_id = ${c.id} order by created_at desc limit 1`;
    expect(m).toEqual({
      author: "staff",
      visibility: "internal",
      staff_name: (await t.user("admin")).name,
      staff_user_id: await userId("admin"),
    });
    const [audit] = await t.query<{
      data: { visibility: string };
    }>`select data from audit_log where action = 'complaint.replied' and entity_id = ${c.id}`;
    expect(audit.data.visibility).toBe("internal");
  });
});

describe("refused roles", () => {
  it("see the original's access-denied message on the page and have no sidebar entry", async () => {
    for (const role of REFUSED) {
      const html = await listAs(role, 403);
      expect(html).toContain(DENIED_TITLE);
      expect(html).toContain("Apenas Presidente, Jurídico e Administradores podem visualizar as denúncias.");
      expect(html).not.toContain("Falta de EPI no plantão noturno");
      expect(sidebar(html)).toContain("Painel");
      expect(sidebar(html)).not.toContain('href="/dashboard/denuncias"');
    }
  });

  it("get 403 from every action and from the evidence download, and nothing changes", async () => {
    const c = await complaintByTitle("Falta de EPI no plantão noturno");
    const tables = ["complaints", "complaint_messages", "files", "audit_log"];
    const before = await Promise.all(tables.map(fingerprint));
    for (const role of REFUSED) {
      const bodies: Record<string, string>[] = [
        { intent: "status", id: c.id, status: "dismissed", adminNotes: "intruso" },
        { intent: "notes", id: c.id, adminNotes: "intruso" },
        { intent: "reply", id: c.id, visibility: "public", body: "intruso" },
      ];
      for (const body of bodies) {
        const res = await act(role, body);
        expect(res.status, `${role} ${body.intent}`).toBe(403);
        const doc = await as(role).post("/dashboard/denuncias", body);
        expect(doc.status, `${role} ${body.intent} (documento)`).toBe(403);
      }
      const file = await as(role).get(`/dashboard/denuncias/arquivos/${c.evidence_file_id}`);
      expect(file.status, role).toBe(403);
      expect(await file.text()).toContain(DENIED_TITLE);
    }
    expect(await Promise.all(tables.map(fingerprint))).toEqual(before);
  });

  it("signed out: the page and the download lead to login", async () => {
    const c = await complaintByTitle("Falta de EPI no plantão noturno");
    const anon = t.anonymous();
    for (const path of ["/dashboard/denuncias", `/dashboard/denuncias/arquivos/${c.evidence_file_id}`]) {
      const res = await anon.get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
  });
});

describe("load error", () => {
  it("shows 'Erro ao carregar denúncias. Tente novamente.' with 'Tentar Novamente' when the data cannot load", async () => {
    await t.query`alter table complaint_messages rename to complaint_messages_off`;
    try {
      const html = await listAs("juridico", 500);
      expect(html).toContain("Erro ao carregar denúncias. Tente novamente.");
      expect(html).toContain("Tentar Novamente");
      // Still inside the dashboard shell.
      expect(html).toContain("Painel - Jurídico");
    } finally {
      await t.query`alter table complaint_messages_off rename to complaint_messages`;
    }
    expect((await as("juridico").get("/dashboard/denuncias")).status).toBe(200);
  });
});
