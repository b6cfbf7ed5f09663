import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, serviceRecords } from "~/db/schema";
import { createServiceRecordRow } from "~/db/factories/services";
import { FORBIDDEN_MESSAGE } from "~/auth/screens";
import { useStaffActors, useUseCaseDatabase } from "../../../tests/support/use-case-db";
import { recordHistory } from "../../../tests/support/service-records";
import { assignServiceRecord, takeServiceRecord } from "./assign-service-record.server";
import { changeServiceStatus, commentOnServiceRecord } from "./change-service-record.server";
import { consultServiceRecord } from "./consulta.server";
import { MERGE_MESSAGES } from "./merge";
import { mergeCandidates, mergeServiceRecords } from "./merge-service-records.server";
import { SERVICE_TYPES } from "./service-options";

/**
 * Issue 22 §8 (ADR 267): two records of the same requester and subject merged; the duplicate
 * points to the survivor, its history is copied with a note, it is closed and read-only, the
 * merge is audited and limited to the sector's roles, and the public consulta of the old
 * protocol says where to look.
 */
const t = useUseCaseDatabase();

const CPF = "52998224725";
const OTHER_CPF = "11144477735";

const people = useStaffActors(t, {
  ana: ["juridico", "Ana Jurídico"],
  fin: ["financeiro", "Fábio Financeiro"],
  rh: ["rh", "Rui RH"],
  campo: ["campo", "Caio Campo"],
});

const pair = async (
  o: { dup?: Parameters<typeof createServiceRecordRow>[1]; into?: Parameters<typeof createServiceRecordRow>[1] } = {},
) => ({
  dup: await createServiceRecordRow(t.db, { sector: "juridico", requesterCpf: CPF, requesterName: "Maria Duplicada", ...o.dup }),
  into: await createServiceRecordRow(t.db, { sector: "juridico", requesterCpf: CPF, requesterName: "Maria Duplicada", ...o.into }),
});
const entries = (id: string) => recordHistory(t.db, id, ["kind", "text", "isPublic"]);
const row = async (id: string) => (await t.db.select().from(serviceRecords).where(eq(serviceRecords.id, id)))[0];

describe("merging a duplicate", () => {
  it("closes the duplicate, points it to the survivor, copies its history with a note, and audits it", async () => {
    const { dup, into } = await pair();
    await commentOnServiceRecord(people.ana, { id: dup.id, responsibleId: people.ana.id, comment: "Trouxe a rescisão.", isPublic: true });
    await commentOnServiceRecord(people.ana, { id: dup.id, responsibleId: people.ana.id, comment: "Nota interna.", isPublic: false });
    const dupHistory = await entries(dup.id);

    const out = await mergeServiceRecords(people.ana, { id: dup.id, intoId: into.id });
    expect(out).toEqual({ message: MERGE_MESSAGES.merged(into.protocol), intoId: into.id });

    const closed = await row(dup.id);
    expect(closed.status).toBe("closed");
    expect(closed.mergedInto).toBe(into.id);
    expect((await entries(dup.id)).at(-1)).toEqual({ kind: "status", text: MERGE_MESSAGES.closedNote(into.protocol), isPublic: true });

    const survivor = await entries(into.id);
    const copied = survivor.slice(-dupHistory.length - 1);
    expect(copied[0]).toEqual({ kind: "comment", text: MERGE_MESSAGES.survivorNote(dup.protocol, dupHistory.length), isPublic: true });
    expect(copied.slice(1).map((e) => e.isPublic)).toEqual(dupHistory.map((e) => e.isPublic));
    for (const [i, e] of copied.slice(1).entries()) {
      expect(e.kind).toBe("comment");
      expect(e.text.startsWith(`[${dup.protocol} · `)).toBe(true);
      expect(e.text.endsWith(dupHistory[i].text)).toBe(true);
    }
    expect((await row(into.id)).status).toBe("pending");

    const audits = await t.db
      .select({ actorId: auditLog.actorId, data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, dup.id), eq(auditLog.action, "service.merged")));
    expect(audits).toEqual([
      {
        actorId: people.ana.id,
        data: { protocol: dup.protocol, sector: "juridico", intoId: into.id, intoProtocol: into.protocol, copied: dupHistory.length },
      },
    ]);
  });

  it("the merged record is read-only: comment, status, take and assign are refused (409) and write nothing", async () => {
    const { dup, into } = await pair();
    await mergeServiceRecords(people.ana, { id: dup.id, intoId: into.id });
    const before = (await entries(dup.id)).length;
    const refusal = { status: 409, message: MERGE_MESSAGES.readOnly(into.protocol) };
    await expect(
      commentOnServiceRecord(people.ana, { id: dup.id, responsibleId: people.ana.id, comment: "x", isPublic: false }),
    ).rejects.toMatchObject(refusal);
    await expect(
      changeServiceStatus(people.ana, {
        id: dup.id,
        status: "in_progress",
        responsibleId: people.ana.id,
        comment: "x",
        isPublic: false,
        screen: "detail",
      }),
    ).rejects.toMatchObject(refusal);
    await expect(takeServiceRecord(people.ana, { id: dup.id })).rejects.toMatchObject(refusal);
    await expect(assignServiceRecord(people.ana, { id: dup.id, responsibleId: people.ana.id })).rejects.toMatchObject(refusal);
    // Merged again, either way round: refused too.
    const third = await createServiceRecordRow(t.db, { sector: "juridico", requesterCpf: CPF });
    await expect(mergeServiceRecords(people.ana, { id: dup.id, intoId: third.id })).rejects.toMatchObject({ status: 409 });
    await expect(mergeServiceRecords(people.ana, { id: third.id, intoId: dup.id })).rejects.toMatchObject({ status: 409 });
    expect((await entries(dup.id)).length).toBe(before);
  });

  it("the public consulta of the old protocol says where to look", async () => {
    const { dup, into } = await pair();
    await mergeServiceRecords(people.ana, { id: dup.id, intoId: into.id });
    const view = await consultServiceRecord(dup.protocol, { kind: "cpf", value: CPF.slice(-4) }, { throttleKey: "merge-test" });
    expect(view.mergedInto).toBe(into.protocol);
    expect(view.status).toBe("closed");
    expect(view.entries.at(-1)?.text).toBe(MERGE_MESSAGES.closedNote(into.protocol));
    const survivor = await consultServiceRecord(into.protocol, { kind: "cpf", value: CPF.slice(-4) }, { throttleKey: "merge-test" });
    expect(survivor.mergedInto).toBeNull();
    expect(survivor.entries.some((e) => e.text === MERGE_MESSAGES.survivorNote(dup.protocol, 1))).toBe(true);
  });
});

describe("what may be merged", () => {
  it("only the same requester (CPF), sector and type, into an open record; never an anonymous complaint or itself", async () => {
    const other = await pair({ into: { requesterCpf: OTHER_CPF } });
    await expect(mergeServiceRecords(people.ana, { id: other.dup.id, intoId: other.into.id })).rejects.toMatchObject({
      status: 409,
      message: MERGE_MESSAGES.differentRequester,
    });
    const type = await pair({ into: { serviceType: SERVICE_TYPES.juridico[1] } });
    await expect(mergeServiceRecords(people.ana, { id: type.dup.id, intoId: type.into.id })).rejects.toMatchObject({
      status: 409,
      message: MERGE_MESSAGES.differentSubject,
    });
    const closed = await pair({ into: { status: "resolved" } });
    await expect(mergeServiceRecords(people.ana, { id: closed.dup.id, intoId: closed.into.id })).rejects.toMatchObject({
      status: 409,
      message: MERGE_MESSAGES.survivorClosed,
    });
    const anon = await pair({ dup: { recordType: "denuncia_anonima", requesterCpf: null } });
    await expect(mergeServiceRecords(people.ana, { id: anon.dup.id, intoId: anon.into.id })).rejects.toMatchObject({
      status: 409,
      message: MERGE_MESSAGES.anonymous,
    });
    await expect(mergeServiceRecords(people.ana, { id: closed.dup.id, intoId: closed.dup.id })).rejects.toMatchObject({
      status: 400,
      message: MERGE_MESSAGES.sameRecord,
    });
    for (const p of [other, type, closed, anon]) {
      expect((await row(p.dup.id)).mergedInto).toBeNull();
    }
  });

  it("only the record's sector roles: another sector is a 403, campo is refused, rh (every sector) may", async () => {
    const a = await pair();
    await expect(mergeServiceRecords(people.fin, { id: a.dup.id, intoId: a.into.id })).rejects.toMatchObject({ status: 403 });
    await expect(mergeServiceRecords(people.campo, { id: a.dup.id, intoId: a.into.id })).rejects.toMatchObject({
      status: 403,
      message: FORBIDDEN_MESSAGE,
    });
    expect((await row(a.dup.id)).mergedInto).toBeNull();
    await expect(mergeServiceRecords(people.rh, { id: a.dup.id, intoId: a.into.id })).resolves.toMatchObject({ intoId: a.into.id });
  });

  it("offers as candidates the open records of the same CPF, sector and type only", async () => {
    const { dup, into } = await pair();
    await createServiceRecordRow(t.db, { sector: "juridico", requesterCpf: OTHER_CPF });
    await createServiceRecordRow(t.db, { sector: "juridico", requesterCpf: CPF, serviceType: SERVICE_TYPES.juridico[1] });
    await createServiceRecordRow(t.db, { sector: "juridico", requesterCpf: CPF, status: "resolved" });
    const { candidates } = await mergeCandidates(people.ana, dup.id);
    const ids = candidates.map((c) => c.id);
    expect(ids).toContain(into.id);
    expect(ids).not.toContain(dup.id);
    for (const c of candidates) expect(["pending", "in_progress"]).toContain(c.status);
    const rows = await Promise.all(ids.map(row));
    for (const r of rows) {
      expect(r.requesterCpf).toBe(CPF);
      expect(r.serviceType).toBe(dup.serviceType);
      expect(r.mergedInto).toBeNull();
    }
    await expect(mergeCandidates(people.fin, dup.id)).rejects.toMatchObject({ status: 403 });
  });
});
