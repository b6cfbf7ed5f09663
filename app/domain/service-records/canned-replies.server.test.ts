import { describe, expect, it } from "vitest";
import { createServiceRecordRow } from "~/db/factories/services";
import { FORBIDDEN_MESSAGE } from "~/auth/screens";
import { auditEntriesOf, useStaffActors, useUseCaseDatabase } from "../../../tests/support/use-case-db";
import { CANNED_MESSAGES, cannedReplyActionSchema, fillCannedReply, unknownPlaceholders } from "./canned-replies";
import {
  cannedRepliesForRecord,
  createCannedReply,
  deleteCannedReply,
  listCannedReplies,
  updateCannedReply,
} from "./canned-replies.server";

/**
 * Issue 22 §6 (ADR 265): canned replies per sector, managed by admin and the sector's own role,
 * audited, and offered filled in on a record's page to whoever may comment on it.
 */
const t = useUseCaseDatabase();
const people = useStaffActors(t, { admin: ["admin"], juridico: ["juridico"], financeiro: ["financeiro"], rh: ["rh"], campo: ["campo"] });

const audits = (id: string) => auditEntriesOf(t.db, id, { entityType: "service_canned_reply" });

const BODY = "Olá, {primeiro_nome}. Recebemos os documentos do atendimento {protocolo}; {nome}, aguarde o contato do jurídico.";

describe("managing canned replies", () => {
  it("a sector's role creates, edits and deletes its own sector's, each audited", async () => {
    const id = await createCannedReply(people.juridico, { sector: "juridico", title: "Documentos recebidos", body: BODY });
    expect((await listCannedReplies(people.juridico)).map((r) => r.title)).toEqual(["Documentos recebidos"]);
    await updateCannedReply(people.juridico, { id, title: "Documentos recebidos", body: `${BODY} Obrigado.` });
    await deleteCannedReply(people.juridico, id);
    expect(await listCannedReplies(people.juridico)).toEqual([]);
    expect(await audits(id)).toEqual([
      { action: "service_canned_reply.created", data: { sector: "juridico", title: "Documentos recebidos" }, actorId: people.juridico.id },
      {
        action: "service_canned_reply.updated",
        data: { sector: "juridico", title: "Documentos recebidos", fields: ["body"] },
        actorId: people.juridico.id,
      },
      { action: "service_canned_reply.deleted", data: { sector: "juridico", title: "Documentos recebidos" }, actorId: people.juridico.id },
    ]);
  });

  it("another sector's role may not touch them; admin manages every sector; rh and campo have no such screen", async () => {
    const id = await createCannedReply(people.admin, { sector: "juridico", title: "Prazo de resposta", body: "Até 5 dias úteis." });
    await expect(createCannedReply(people.financeiro, { sector: "juridico", title: "X", body: "Texto" })).rejects.toMatchObject({
      status: 403,
      message: CANNED_MESSAGES.sectorForbidden,
    });
    await expect(updateCannedReply(people.financeiro, { id, title: "Mudado", body: "Mudado" })).rejects.toMatchObject({ status: 403 });
    await expect(deleteCannedReply(people.financeiro, id)).rejects.toMatchObject({ status: 403 });
    for (const role of ["rh", "campo"] as const) {
      await expect(listCannedReplies(people[role])).rejects.toMatchObject({ status: 403, message: FORBIDDEN_MESSAGE });
      await expect(createCannedReply(people[role], { sector: "juridico", title: "X", body: "Texto" })).rejects.toMatchObject({
        status: 403,
      });
    }
    expect((await listCannedReplies(people.financeiro)).map((r) => r.id)).not.toContain(id);
    expect((await listCannedReplies(people.admin, "juridico")).map((r) => r.id)).toContain(id);
    await createCannedReply(people.admin, { sector: "financeiro", title: "Boleto", body: "Segue o boleto." });
    expect((await listCannedReplies(people.financeiro)).map((r) => r.title)).toEqual(["Boleto"]);
  });

  it("a title is unique per sector (case-insensitive): 409 with a pt-BR message", async () => {
    await createCannedReply(people.admin, { sector: "presidencia", title: "Agenda", body: "Texto" });
    await expect(createCannedReply(people.admin, { sector: "presidencia", title: "AGENDA", body: "Outro" })).rejects.toMatchObject({
      status: 409,
      message: CANNED_MESSAGES.duplicate,
    });
    // The same title in another sector is fine.
    await createCannedReply(people.admin, { sector: "secretaria", title: "Agenda", body: "Texto" });
  });

  it("the form refuses an unknown placeholder, naming it", () => {
    const parsed = cannedReplyActionSchema.safeParse({
      intent: "create",
      sector: "juridico",
      title: "Oi",
      body: "Olá {nomee}, {protocolo}",
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0].message).toBe(CANNED_MESSAGES.unknownPlaceholder(["nomee"]));
    expect(unknownPlaceholders("{nome} {primeiro_nome} {protocolo}")).toEqual([]);
  });
});

describe("using a canned reply on a record", () => {
  it("offers the record's sector's replies, filled with the requester's name and protocol", async () => {
    await createCannedReply(people.admin, { sector: "homologacao", title: "Homologação agendada", body: BODY });
    const r = await createServiceRecordRow(t.db, { sector: "homologacao", requesterName: "Maria das Dores Lima" });
    const offered = await cannedRepliesForRecord(people.admin, r);
    expect(offered).toEqual([
      {
        id: expect.any(String),
        title: "Homologação agendada",
        text: `Olá, Maria. Recebemos os documentos do atendimento ${r.protocol}; Maria das Dores Lima, aguarde o contato do jurídico.`,
      },
    ]);
    // rh acts on every sector's records (serviceScope) and so gets them; juridico does not see homologação's.
    expect(await cannedRepliesForRecord(people.rh, r)).toHaveLength(1);
    expect(await cannedRepliesForRecord(people.juridico, r)).toEqual([]);
  });

  it("fills only the known placeholders", () => {
    expect(
      fillCannedReply("{nome}|{primeiro_nome}|{protocolo}|{outro}", { requesterName: "  Ana  Souza ", protocol: "SIND20260101120000" }),
    ).toBe("Ana  Souza|Ana|SIND20260101120000|{outro}");
  });
});
