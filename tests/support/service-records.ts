import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Page } from "playwright-core";
import type { Db } from "~/db/client.server";
import { serviceRecordEntries } from "~/db/schema";

/** The service records' public consulta and screens, as the tests drive them. */

type EntryColumn = "kind" | "text" | "isPublic" | "authorName" | "oldStatus" | "newStatus";

/** A record's history (its service_record_entries) in the order written, with the columns a test compares. */
export function recordHistory<C extends EntryColumn>(db: Db, recordId: string, columns: readonly C[]) {
  const picked = Object.fromEntries(columns.map((c) => [c, serviceRecordEntries[c]])) as { [K in C]: (typeof serviceRecordEntries)[K] };
  return db
    .select(picked)
    .from(serviceRecordEntries)
    .where(eq(serviceRecordEntries.recordId, recordId))
    .orderBy(asc(serviceRecordEntries.id));
}

/** Posts the public consulta as its plain form does, from the address `ip`: the answer's status and HTML. */
export async function postConsulta(server: { url: string }, protocolo: string, verificador: string, ip: string) {
  const res = await fetch(`${server.url}/atendimento/consulta`, {
    method: "POST",
    body: new URLSearchParams({ intent: "consulta", protocolo, verificador }),
    headers: { Origin: server.url, "X-Forwarded-For": ip },
  });
  return { status: res.status, html: await res.text() };
}

/**
 * The requester's public consulta (/atendimento/consulta), in the browser: types the check (the
 * CPF's last four digits or the e-mail), asks, and waits until `answer` shows — the record
 * (`consulta-result`) or the form's refusal (`form-error`). Returns that element.
 */
export async function askConsulta(page: Page, check: string, answer: "consulta-result" | "form-error" = "consulta-result") {
  await page.getByLabel("4 últimos dígitos do CPF ou e-mail").fill(check);
  await page.getByRole("button", { name: "Consultar atendimento" }).click();
  const shown = page.getByTestId(answer);
  await expect.poll(() => shown.isVisible().catch(() => false)).toBe(true);
  return shown;
}

/**
 * On a record's page, in the browser: "Atribuir a" `name`, then waits until the page shows them as
 * the one responsible.
 */
export async function assignRecord(page: Page, name: string) {
  const form = page.getByRole("form", { name: "Atribuir o atendimento" });
  await form.getByLabel("Atribuir a").selectOption({ label: name });
  await form.getByRole("button", { name: "Atribuir" }).click();
  await expect.poll(() => page.getByTestId("responsible-name").textContent()).toBe(name);
}
