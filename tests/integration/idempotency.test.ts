import http from "node:http";
import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_FIELD, IDEMPOTENCY_MESSAGES } from "~/utils/idempotency";
import type { Client } from "../support/http";
import { signedIn, useTestServer } from "../support/suite";

/**
 * One record per submitted create form (issue 19 §8, ADR 196), over real HTTP: a double click
 * (two posts of one key at once), a request cut after its body was sent and then retried, a
 * refused post corrected and sent again with the same key, a key sent to another form.
 */
const t = useTestServer();
const as = signedIn(t, ["secretaria", "admin"]);

let n = 0;
const newKey = () => `teste-idem-${Date.now().toString(36)}-${(n++).toString().padStart(6, "0")}`;

function serviceBody(description: string, key: string | null): Record<string, string> {
  return {
    intent: "create",
    recordType: "atendimento_geral",
    sector: "secretaria",
    requesterCpf: "529.982.247-25",
    requesterName: "Conceição Araújo",
    requesterEmail: "conceicao@example.com",
    priority: "media",
    serviceType: "Filiação",
    "sd.requestType": "informacao",
    description,
    ...(key ? { [IDEMPOTENCY_FIELD]: key } : {}),
  };
}

async function recordsWith(description: string) {
  return t.query<{ id: string; protocol: string }>`select id, protocol from service_records where description = ${description}`;
}
/** The form sent again with the same key: answered 200 with the one record already saved, and no other. */
async function expectAnsweredWithTheSavedRecord(description: string, key: string) {
  const again = await as("secretaria").post("/dashboard/atendimento.data", serviceBody(description, key));
  expect(again.status).toBe(200);
  const rows = await recordsWith(description);
  expect(rows).toHaveLength(1);
  expect(await again.text()).toContain(rows[0].protocol);
}
async function auditCount(action: string, entityId: string) {
  const [r] = await t.query<{ n: number }>`select count(*)::int as n from audit_log where action = ${action} and entity_id = ${entityId}`;
  return r.n;
}

/** Sends the whole body, then cuts the connection without waiting for the answer. */
function postAndCut(client: Client, path: string, fields: Record<string, string>) {
  const body = new URLSearchParams(fields).toString();
  const url = new URL(path, t.url);
  return new Promise<void>((resolve) => {
    const req = http.request(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": Buffer.byteLength(body),
        Cookie: client.cookieHeader(),
        Origin: t.url,
      },
    });
    req.on("error", () => resolve());
    req.on("close", () => resolve());
    req.end(body, () => {
      // The body is on the wire: the browser gives up (a double click cancels the first post).
      setTimeout(() => req.destroy(), 20);
    });
  });
}

describe("a create form's idempotency key", () => {
  it("two posts of one key at once (a double click) make one service record, one notice, and both get its protocol", async () => {
    const description = "Duplo clique no registrar atendimento.";
    const key = newKey();
    const [a, b] = await Promise.all([
      as("secretaria").post("/dashboard/atendimento.data", serviceBody(description, key)),
      as("secretaria").post("/dashboard/atendimento.data", serviceBody(description, key)),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const rows = await recordsWith(description);
    expect(rows).toHaveLength(1);
    const [textA, textB] = await Promise.all([a.text(), b.text()]);
    expect(textA).toContain(rows[0].protocol);
    expect(textB).toContain(rows[0].protocol);
    expect(await auditCount("service.created", rows[0].id)).toBe(1);
    const [jobs] = await t.query<{
      n: number;
    }>`select count(*)::int as n from jobs where payload::text like ${"%" + rows[0].protocol + "%"}`;
    expect(jobs.n).toBeLessThanOrEqual(1);
    // The same filling sent without a key is a new record (API clients, old pages).
    expect((await as("secretaria").post("/dashboard/atendimento.data", serviceBody(description, null))).status).toBe(200);
    expect(await recordsWith(description)).toHaveLength(2);
  });

  it("a post cut after its body was sent, then retried with the same key, makes one record and the retry gets it", async () => {
    const description = "Conexão caiu depois de enviar o formulário.";
    const key = newKey();
    await postAndCut(as("secretaria"), "/dashboard/atendimento.data", serviceBody(description, key));
    // The cut request is still saved on the server (what happened in issue 19 §8)…
    await expect.poll(async () => (await recordsWith(description)).length, { timeout: 10_000 }).toBe(1);
    // …and the retry of the same form answers it instead of saving another.
    await expectAnsweredWithTheSavedRecord(description, key);
  });

  it("a refused post keeps nothing: the corrected form is sent with the same key and saved once", async () => {
    const description = "Formulário corrigido depois do erro.";
    const key = newKey();
    const refused = await as("secretaria").post("/dashboard/atendimento.data", { ...serviceBody(description, key), requesterName: "" });
    expect(refused.status).toBe(400);
    expect(await recordsWith(description)).toHaveLength(0);
    const [claims] = await t.query<{ n: number }>`select count(*)::int as n from idempotency_keys where key = ${key}`;
    expect(claims.n).toBe(0);
    const ok = await as("secretaria").post("/dashboard/atendimento.data", serviceBody(description, key));
    expect(ok.status).toBe(200);
    expect(await recordsWith(description)).toHaveLength(1);
    await expectAnsweredWithTheSavedRecord(description, key);
  });

  it("works the same for another create form (members), per user, and refuses a key of another form or a malformed one", async () => {
    const key = newKey();
    const member = {
      intent: "create",
      name: "Idempotência da Silva",
      email: "idem.silva@exemplo.com.br",
      mobilePhone: "(61) 98123-4500",
      cpf: "390.533.447-05",
      address: "QNM 12 Conjunto B Casa 7",
      city: "Ceilândia",
      state: "DF",
      cep: "72210-120",
      [IDEMPOTENCY_FIELD]: key,
    };
    const answers = await Promise.all([1, 2, 3].map(() => as("admin").post("/dashboard/admin/members.data", member)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const [m] = await t.query<{ n: number }>`select count(*)::int as n from members where cpf = '39053344705'`;
    expect(m.n).toBe(1);
    // The same key to the service form: another form's key, refused, nothing written.
    const other = await as("admin").post("/dashboard/atendimento.data", {
      ...serviceBody("Chave de outro formulário.", key),
      sector: "secretaria",
    });
    expect(other.status).toBe(409);
    expect(await other.text()).toContain(IDEMPOTENCY_MESSAGES.otherForm);
    expect(await recordsWith("Chave de outro formulário.")).toHaveLength(0);
    // Another user's same key is theirs alone.
    const mine = await as("secretaria").post("/dashboard/atendimento.data", serviceBody("Mesma chave, outra pessoa.", key));
    expect(mine.status).toBe(200);
    expect(await recordsWith("Mesma chave, outra pessoa.")).toHaveLength(1);
    const bad = await as("secretaria").post("/dashboard/atendimento.data", serviceBody("Chave malformada.", "curta demais"));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(IDEMPOTENCY_MESSAGES.invalid);
    expect(await recordsWith("Chave malformada.")).toHaveLength(0);
  });
});
