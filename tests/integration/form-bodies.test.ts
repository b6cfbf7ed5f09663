import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FORM_MESSAGES } from "~/utils/fields";
import { useTestServer } from "../support/suite";
import type { Client } from "../support/http";
import {
  ensureResetToken,
  fingerprint,
  formClients,
  FORM_CASES,
  prepareForms,
  type FormCase,
  type FormIds,
} from "../support/form-registry";

/**
 * Issue 13, holes 1.2 and 1.3, on every registered form (public, auth and staff):
 * - a body that is not form data (JSON, text/plain, octet-stream, an empty body without a
 *   content type, multipart with a boundary that does not match) is answered 400 or 415 with a
 *   pt-BR message, and nothing is written;
 * - U+0000 (and the other control characters) in a stored text field is answered 400 with the
 *   field helpers' message, and nothing is written (PostgreSQL refuses U+0000 in text).
 */
const t = useTestServer();
let ids: FormIds;
let clientFor: (form: FormCase) => Client;

beforeAll(async () => {
  ids = await prepareForms(t.server);
  clientFor = await formClients(t, FORM_CASES, ids);
});
beforeEach(async () => {
  // Refused bodies must be refused for what they are, not because a limiter ran out.
  await t.query`delete from rate_limits`;
  await ensureResetToken(t.server);
});

const urlencoded = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Bodies a browser form never sends. */
function hostileBodies(fields: Record<string, string>): Array<{ label: string; headers: Record<string, string>; body: BodyInit }> {
  const plain = Object.entries(fields)
    .map(([k, v]) => `${k}=${v}\r\n`)
    .join("");
  const wrongBoundary =
    Object.entries(fields)
      .map(([k, v]) => `--OUTRO\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join("") + "--OUTRO--\r\n";
  return [
    { label: "JSON", headers: { "Content-Type": "application/json" }, body: JSON.stringify(fields) },
    { label: "text/plain", headers: { "Content-Type": "text/plain;charset=UTF-8" }, body: plain },
    { label: "octet-stream", headers: { "Content-Type": "application/octet-stream" }, body: new TextEncoder().encode(urlencoded(fields)) },
    { label: "empty body, no content type", headers: {}, body: new Uint8Array(0) },
    { label: "multipart, wrong boundary", headers: { "Content-Type": "multipart/form-data; boundary=ESPERADO" }, body: wrongBoundary },
    { label: "multipart, no boundary", headers: { "Content-Type": "multipart/form-data" }, body: wrongBoundary },
  ];
}

function asBody(form: FormCase, fields: Record<string, string>): BodyInit {
  if (!form.multipart) return new URLSearchParams(fields);
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

async function snapshot(form: FormCase) {
  return fingerprint(t.server, form.tables);
}

const READABLE = [FORM_MESSAGES.unsupportedBody, FORM_MESSAGES.unreadable];

it("the table fingerprint sees an insert, an update and a delete", async () => {
  const tables = ["contact_messages", "sessions"];
  const start = await fingerprint(t.server, tables);
  const [row] = await t.query<{ id: string; status: string }>`select id, status from contact_messages limit 1`;
  await t.query`update contact_messages set status = status where id = ${row.id}`;
  const updated = await fingerprint(t.server, tables);
  expect(updated).not.toBe(start);
  await t.query`insert into contact_messages (name, email, subject, message, sector, status, consent_at)
    values ('Sonda', 'sonda@example.com', 'Sonda', 'Sonda', 'secretaria', 'pending', now())`;
  const inserted = await fingerprint(t.server, tables);
  expect(inserted).not.toBe(updated);
  await t.query`delete from contact_messages where name = 'Sonda'`;
  expect(await fingerprint(t.server, tables)).not.toBe(inserted);
});

describe.each(FORM_CASES)("form $name", (form) => {
  it("answers every body that is not form data with 400/415 and a pt-BR message, writing nothing", async () => {
    const c = clientFor(form);
    const problems: string[] = [];
    for (const hostile of hostileBodies(form.valid(ids))) {
      const before = await snapshot(form);
      const res = await c.request(form.path(ids), { method: "POST", headers: hostile.headers, body: hostile.body });
      const text = await res.text();
      if (res.status !== 400 && res.status !== 415) problems.push(`${hostile.label}: HTTP ${res.status}`);
      else if (!READABLE.some((m) => text.includes(m))) problems.push(`${hostile.label}: HTTP ${res.status} sem a mensagem`);
      const after = await snapshot(form);
      if (after !== before) problems.push(`${hostile.label}: gravou (${before} → ${after})`);
    }
    expect(problems).toEqual([]);
  });

  it.runIf(form.textFields.length > 0)("refuses U+0000 and other control characters in stored text with 400, writing nothing", async () => {
    const c = clientFor(form);
    const problems: string[] = [];
    for (const field of form.textFields) {
      for (const bad of ["a\u0000b", "a\u0007b", "\u001b[31mvermelho"]) {
        const before = await snapshot(form);
        const res = await c.request(form.path(ids), { method: "POST", body: asBody(form, { ...form.valid(ids), [field]: bad }) });
        const text = await res.text();
        const label = `${field}=${JSON.stringify(bad)}`;
        if (res.status !== 400) problems.push(`${label}: HTTP ${res.status}`);
        else if (!text.includes(FORM_MESSAGES.controlCharacters)) problems.push(`${label}: sem a mensagem de caracteres de controle`);
        const after = await snapshot(form);
        if (after !== before) problems.push(`${label}: gravou (${before} → ${after})`);
      }
    }
    expect(problems).toEqual([]);
  });
});
