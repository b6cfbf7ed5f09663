import { randomBytes } from "node:crypto";
import { createHash } from "node:crypto";
import { expect } from "vitest";
import { Client } from "./http";
import type { ServerSuite } from "./suite";
import type { SmtpSink } from "../fakes/smtp-sink";
import { visibleText } from "./html";
import { MEMBER_AUTH_MESSAGES } from "~/domain/member-area/member-auth.schema";

/**
 * Member sessions in tests (issue 23). `memberSession` opens one straight in the database (for the
 * access matrix, where the sign-in itself is not under test); `signInMember` goes through the real
 * sign-in: CPF, the code read from the SMTP sink, the code step.
 */
export const MEMBER_COOKIE = "__Host-msid";

export async function memberSession(t: ServerSuite, memberId: string): Promise<Client> {
  const token = randomBytes(32).toString("base64url");
  const id = createHash("sha256").update(token).digest("hex");
  await t.query`insert into member_sessions (id, member_id, expires_at) values (${id}, ${memberId}, now() + interval '1 hour')`;
  const client = new Client(t.url);
  client.cookies.set(MEMBER_COOKIE, token);
  return client;
}

/** The 6-digit code of the newest sign-in e-mail to `email` (after `since` messages). */
export async function codeFromSink(sink: SmtpSink, email: string, since: number) {
  const mail = await sink.waitFor((m) => sink.messages.indexOf(m) >= since && m.to.includes(email) && /código de acesso/i.test(m.subject));
  const code = /(\d{6})/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`e-mail sem código: ${mail.subject}`);
  expect(mail.text).toContain(code);
  return code;
}

export async function signInMember(t: ServerSuite, sink: SmtpSink, who: { cpf: string; email: string }, ip: string): Promise<Client> {
  const client = new Client(t.url);
  const headers = { "X-Forwarded-For": ip };
  const since = sink.messages.length;
  const asked = await client.post("/filiado/entrar", { intent: "request-code", cpf: who.cpf }, { headers });
  if (asked.status !== 200) throw new Error(`pedido de código: ${asked.status}`);
  const code = await codeFromSink(sink, who.email, since);
  const res = await client.post("/filiado/entrar", { intent: "verify-code", cpf: who.cpf, code }, { headers });
  if (res.status !== 302) throw new Error(`código recusado: ${res.status}`);
  return client;
}

/** Asks the sign-in page for a code for `cpf`, from the address `ip`, as its form posts it: the answer and how long it took. */
export async function requestCode(t: ServerSuite, cpf: string, ip: string) {
  const started = performance.now();
  const res = await fetch(`${t.url}/filiado/entrar`, {
    method: "POST",
    body: new URLSearchParams({ intent: "request-code", cpf }),
    headers: { Origin: t.url, "X-Forwarded-For": ip },
  });
  const html = await res.text();
  return { status: res.status, html, ms: performance.now() - started };
}

/**
 * A member who may not sign in asks for a code: the page answers as it does to anyone ("sent"),
 * and no e-mail reaches them within half a second.
 */
export async function expectCodeNotMailed(t: ServerSuite, sink: SmtpSink, who: { cpf: string; email: string }, ip: string) {
  const since = sink.messages.length;
  const asked = await requestCode(t, who.cpf, ip);
  expect(asked.status).toBe(200);
  expect(visibleText(asked.html)).toContain(MEMBER_AUTH_MESSAGES.sent);
  await new Promise((r) => setTimeout(r, 500));
  expect(sink.messages.slice(since).some((m) => m.to.includes(who.email))).toBe(false);
}

/** The server of a member-area file: the sign-in's limits are per address (TRUST_PROXY), links go to APP_URL. */
export const MEMBER_AREA_ENV = { TRUST_PROXY: "1", APP_URL: "https://sindicato.example" };
