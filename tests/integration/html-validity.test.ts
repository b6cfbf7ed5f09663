import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { createInstitutionalContent } from "~/db/factories/content";
import { createMember, createMembers } from "~/db/factories/members";
import { createFieldRoute, createWorkplace } from "~/db/factories/field";
import { createServiceRecordRow } from "~/db/factories/services";
import { createAuditEntry } from "~/db/factories/audit";
import { useTestServer } from "../support/suite";
import { clientFrom } from "../support/forwarded-client";
import { createAgreementMix, createNewsMix, createPartnerSet } from "../support/scenarios";
import { ACCESS_STATES, FORM_STATES, MEMBER_SCREENS, PUBLIC_PAGES, STAFF_SCREENS, type HtmlState } from "../support/html-pages";
import { MEMBER_COOKIE, memberSession } from "../support/member-area";

/**
 * Every public page and error state (404, access states, form errors, the complaint receipt and
 * follow-up) is valid HTML by the W3C Nu HTML Checker — the `vnu-jar` package's vnu.jar, run on
 * the machine's Java (ADR 092). The pages are fetched from the production build and checked in
 * one run of the checker.
 */

const java = process.env.JAVA ?? "java";
const hasJava = spawnSync(java, ["-version"], { encoding: "utf8" }).status === 0;
if (!hasJava) {
  const hint =
    "Java não encontrado: a validação de HTML (Nu checker) precisa de um Java 11+ (Debian: apt-get install -y default-jre-headless).";
  // CI installs Java (.ci/run); there a missing runtime is a failure, not a skip.
  if (process.env.CI) throw new Error(hint);
  console.warn(`${hint} Teste PULADO.`);
}
const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));

const t = useTestServer({ env: { TRUST_PROXY: "1" } });
/** The member of MEMBER_SCREENS. */
let memberId = "";

beforeAll(async () => {
  // Every page with content in it, as a site in use has: the checker judges what is on the page.
  const admin = await t.user("admin");
  await createInstitutionalContent(t.db);
  await createAgreementMix(t.db, admin.id);
  await createPartnerSet(t.db);
  await createNewsMix(t.db, admin.id);
  await createMembers(t.db, 3);
  memberId = (await createMember(t.db, { name: "Marina Validação Souza", email: "marina.validacao@exemplo.com.br", situation: 1 })).id;
  await createWorkplace(t.db);
  await createWorkplace(t.db, { name: "Posto Sem Visita" });
  await createFieldRoute(t.db);
  for (const status of ["pending", "in_progress", "resolved"] as const) await createServiceRecordRow(t.db, { status });
  await createAuditEntry(t.db, { action: "login.failed", entityId: null, data: { unknownUser: true } });
  await createAuditEntry(t.db, {
    action: "logout",
    entityId: admin.id,
    actor: { id: admin.id, username: admin.username },
  });
  // The one news page of the list: the published post of the mix.
  const [{ slug }] = await t.query<{
    slug: string;
  }>`select slug from news_posts where status = 'published' and published_at <= now() order by published_at desc limit 1`;
  PUBLIC_PAGES.find((p) => p.name === "notícia")!.path = `/noticias/${slug}`;
});

let ipSeq = 0;
/** Each state comes from its own address, so the forms' per-address limits never kick in. */
function client() {
  ipSeq += 1;
  return clientFrom(t.url, `198.51.100.${ipSeq}`);
}

async function fetchState(state: HtmlState) {
  const c = client();
  if (state.role) {
    const { username, password } = await t.user(state.role);
    await c.login(username, password);
  }
  if (state.member) c.cookies.set(MEMBER_COOKIE, (await memberSession(t, memberId)).cookies.get(MEMBER_COOKIE)!);
  let res: Response;
  if (state.post) {
    const { fields, multipart } = state.post;
    const body = multipart ? new FormData() : new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    res = await c.post(state.path, body as FormData);
  } else {
    res = await c.get(state.path);
  }
  return { status: res.status, html: await res.text() };
}

type VnuMessage = { type: string; subType?: string; url?: string; lastLine?: number; message: string; extract?: string };

/** Runs vnu.jar once over the files; returns its messages (errors only). */
function validate(files: string[]): VnuMessage[] {
  const r = spawnSync(java, ["-jar", vnuJar, "--format", "json", "--errors-only", ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  const out = (r.stderr || r.stdout).trim();
  const parsed = JSON.parse(out) as { messages: VnuMessage[] };
  return parsed.messages;
}

describe.skipIf(!hasJava)("HTML validity (W3C Nu checker)", () => {
  it("every public page, error state, access state and staff screen in the list has 0 errors", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "html-validity-"));
    try {
      const states = [...PUBLIC_PAGES, ...FORM_STATES, ...ACCESS_STATES, ...STAFF_SCREENS, ...MEMBER_SCREENS];
      const files = new Map<string, string>();
      const wrongStatus: string[] = [];
      for (const [i, state] of states.entries()) {
        const { status, html } = await fetchState(state);
        if (status !== state.status) wrongStatus.push(`${state.name}: ${status} (esperado ${state.status})`);
        const file = path.join(dir, `${String(i).padStart(2, "0")}.html`);
        fs.writeFileSync(file, html);
        files.set(`file:${file}`, state.name);
      }
      expect(wrongStatus).toEqual([]);

      // The follow-up view, reached with the code of a receipt made just now.
      const receipt = await fetchState(FORM_STATES.find((s) => s.name === "denúncia: recibo")!);
      const code = /data-testid="receipt-code"[^>]*>([\s\S]*?)<\/p>/.exec(receipt.html)?.[1].replace(/\D/g, "");
      expect(code).toMatch(/^\d{16}$/);
      const followUp = await fetchState({
        name: "acompanhamento",
        path: "/denuncia/acompanhar",
        status: 200,
        post: { fields: { intent: "lookup", code: code! }, multipart: true },
      });
      expect(followUp.status).toBe(200);
      const followFile = path.join(dir, "follow-up.html");
      fs.writeFileSync(followFile, followUp.html);
      files.set(`file:${followFile}`, "acompanhamento (com o código)");

      const messages = validate([...files.keys()].map((u) => u.slice("file:".length)));
      const readable = messages.map(
        (m) =>
          `${files.get(m.url ?? "") ?? m.url}: ${m.type}${m.subType ? `/${m.subType}` : ""} linha ${m.lastLine ?? "?"}: ${m.message} «${(m.extract ?? "").trim().slice(0, 120)}»`,
      );
      expect(readable).toEqual([]);
      // The checker did look at every file (a broken run would report nothing).
      expect(files.size).toBe(states.length + 1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("the checker reports invalid markup (so a clean run means something)", () => {
    const file = path.join(os.tmpdir(), `html-validity-probe-${process.pid}.html`);
    fs.writeFileSync(file, '<!DOCTYPE html><html lang="pt-BR"><head><title>x</title></head><body><span><h3>x</h3></span></body></html>');
    try {
      const messages = validate([file]);
      expect(messages.map((m) => m.message).join("\n")).toContain("“h3” not allowed as child of element “span”");
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});
