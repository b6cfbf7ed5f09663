import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { auditLog, files, serviceRecordAttachments, serviceRecordEntries } from "~/db/schema";
import { createServiceRecordRow } from "~/db/factories/services";
import { gpsTaggedJpeg, plainPng, tinyPdf, tinyWav } from "../../../tests/fixtures/complaint-files";
import { useStaffActors, useUseCaseDatabase } from "../../../tests/support/use-case-db";
import { recordHistory } from "../../../tests/support/service-records";
import {
  ATTACHMENT_PURPOSE,
  attachToServiceRecord,
  getPublicAttachmentFile,
  getServiceAttachmentFile,
  listServiceAttachments,
  setAttachmentVisibility,
} from "./attachments.server";
import { ATTACHMENT_MESSAGES } from "./attachments";
import { checkConsultaLink, consultaAttachmentHref } from "./consulta-attachments.server";
import { consultServiceRecord } from "./consulta.server";
import { SERVICE_MESSAGES } from "./service-options";

/**
 * Issue 22 §3 (ADR 262): attachments on service records. The upload rules are complaint
 * evidence's (type by content, images re-encoded without metadata, the file store); the history
 * says "anexou …"; only the record's sector (serviceScope) attaches, lists and downloads; public
 * ones reach the requester's consulta by a signed link that expires.
 */
const t = useUseCaseDatabase();

const people = useStaffActors(t, {
  sec: ["secretaria", "Sara Secretaria"],
  jur: ["juridico", "Júlio Jurídico"],
  rh: ["rh", "Rita RH"],
  campo: ["campo", "Caio Campo"],
});

const pdf = (name = "rescisao.pdf") => ({ fieldName: "arquivo", fileName: name, bytes: tinyPdf() });
const historyOf = (id: string) => recordHistory(t.db, id, ["kind", "text", "isPublic"]);
const counts = async () => ({
  attachments: await t.db.$count(serviceRecordAttachments),
  files: await t.db.$count(files, eq(files.purpose, ATTACHMENT_PURPOSE)),
  entries: await t.db.$count(serviceRecordEntries, eq(serviceRecordEntries.kind, "attachment")),
  audit: await t.db.$count(auditLog, eq(auditLog.action, "service.attached")),
});

describe("attaching a file", () => {
  it("a PDF is kept byte for byte, listed, and written in the history and the audit log (without its name)", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "secretaria" });
    const out = await attachToServiceRecord(people.sec, { id: r.id, isPublic: false }, pdf("rescisao.pdf"));
    expect(out.message).toBe(ATTACHMENT_MESSAGES.attached("rescisao.pdf"));
    expect((await historyOf(r.id)).at(-1)).toEqual({ kind: "attachment", text: "anexou rescisao.pdf", isPublic: false });
    const [listed] = await listServiceAttachments(people.sec, r.id);
    expect(listed).toMatchObject({
      fileName: "rescisao.pdf",
      contentType: "application/pdf",
      isPublic: false,
      uploadedByName: "Sara Secretaria",
    });
    const file = await getServiceAttachmentFile(people.sec, listed.id);
    expect(Buffer.from(file.data).equals(tinyPdf())).toBe(true);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "service.attached"), eq(auditLog.entityId, r.id)));
    expect(audit.data).toMatchObject({
      protocol: r.protocol,
      sector: "secretaria",
      attachmentId: listed.id,
      contentType: "application/pdf",
      isPublic: false,
    });
    expect(JSON.stringify(audit.data)).not.toContain("rescisao");
  });

  it("a JPEG loses its EXIF (GPS, camera, author) and a PNG is re-encoded, as complaint evidence", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "secretaria" });
    await attachToServiceRecord(
      people.sec,
      { id: r.id, isPublic: false },
      { fieldName: "arquivo", fileName: "atestado.jpeg", bytes: await gpsTaggedJpeg() },
    );
    await attachToServiceRecord(
      people.sec,
      { id: r.id, isPublic: false },
      { fieldName: "arquivo", fileName: "contracheque.png", bytes: await plainPng() },
    );
    const [jpeg, png] = await listServiceAttachments(people.sec, r.id);
    expect(jpeg).toMatchObject({ fileName: "atestado.jpg", contentType: "image/jpeg" });
    const stored = await getServiceAttachmentFile(people.sec, jpeg.id);
    const meta = await sharp(Buffer.from(stored.data)).metadata();
    expect(meta.exif).toBeUndefined();
    expect(Buffer.from(stored.data).toString("latin1")).not.toContain("Joao Denunciante");
    expect(png.contentType.startsWith("image/")).toBe(true);
    expect((await historyOf(r.id)).slice(-2).map((e) => e.text)).toEqual(["anexou atestado.jpg", `anexou ${png.fileName}`]);
  });

  it("refuses other types by content (415, pt-BR), a missing file (400), and writes nothing", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "secretaria" });
    const before = await counts();
    await expect(
      attachToServiceRecord(people.sec, { id: r.id, isPublic: false }, { fieldName: "arquivo", fileName: "audio.pdf", bytes: tinyWav() }),
    ).rejects.toMatchObject({ status: 415, message: ATTACHMENT_MESSAGES.typeNotAllowed });
    await expect(
      attachToServiceRecord(
        people.sec,
        { id: r.id, isPublic: false },
        { fieldName: "arquivo", fileName: "nota.pdf", bytes: Buffer.from("só texto") },
      ),
    ).rejects.toMatchObject({ status: 415 });
    await expect(attachToServiceRecord(people.sec, { id: r.id, isPublic: false }, undefined)).rejects.toMatchObject({
      status: 400,
      message: ATTACHMENT_MESSAGES.required,
    });
    expect(await counts()).toEqual(before);
  });

  it("only the record's sector: another sector 403, campo 403, an unknown record 404; rh (every sector) may", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "secretaria" });
    const before = await counts();
    await expect(attachToServiceRecord(people.jur, { id: r.id, isPublic: false }, pdf())).rejects.toMatchObject({
      status: 403,
      message: SERVICE_MESSAGES.forbidden,
    });
    await expect(attachToServiceRecord(people.campo, { id: r.id, isPublic: false }, pdf())).rejects.toMatchObject({ status: 403 });
    await expect(
      attachToServiceRecord(people.sec, { id: "00000000-0000-4000-8000-000000000999", isPublic: false }, pdf()),
    ).rejects.toMatchObject({ status: 404 });
    expect(await counts()).toEqual(before);
    await attachToServiceRecord(people.rh, { id: r.id, isPublic: false }, pdf());
    const [a] = await listServiceAttachments(people.rh, r.id);
    // Listing and downloading follow the same scope.
    await expect(listServiceAttachments(people.jur, r.id)).rejects.toMatchObject({ status: 403 });
    await expect(getServiceAttachmentFile(people.jur, a.id)).rejects.toMatchObject({ status: 403 });
    await expect(getServiceAttachmentFile(people.campo, a.id)).rejects.toMatchObject({ status: 403 });
    await expect(getServiceAttachmentFile(people.sec, "00000000-0000-4000-8000-000000000999")).rejects.toMatchObject({ status: 404 });
  });

  it("an anonymous complaint's files are never public", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "secretaria", recordType: "denuncia_anonima", requesterCpf: null });
    await attachToServiceRecord(people.sec, { id: r.id, isPublic: true }, pdf("foto-do-posto.pdf"));
    const [a] = await listServiceAttachments(people.sec, r.id);
    expect(a.isPublic).toBe(false);
    await expect(setAttachmentVisibility(people.sec, { id: r.id, attachmentId: a.id, isPublic: true })).rejects.toMatchObject({
      status: 409,
    });
  });
});

describe("public or internal", () => {
  it("'Tornar público' and back: each change in the history and the audit log; the same again is 409", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "secretaria" });
    await attachToServiceRecord(people.sec, { id: r.id, isPublic: false }, pdf("termo.pdf"));
    const [a] = await listServiceAttachments(people.sec, r.id);
    await expect(setAttachmentVisibility(people.sec, { id: r.id, attachmentId: a.id, isPublic: true })).resolves.toBe(
      ATTACHMENT_MESSAGES.madePublic("termo.pdf"),
    );
    await expect(setAttachmentVisibility(people.sec, { id: r.id, attachmentId: a.id, isPublic: true })).rejects.toMatchObject({
      status: 409,
      message: ATTACHMENT_MESSAGES.sameVisibility,
    });
    await setAttachmentVisibility(people.sec, { id: r.id, attachmentId: a.id, isPublic: false });
    expect((await historyOf(r.id)).slice(-3).map((e) => e.text)).toEqual([
      "anexou termo.pdf",
      "tornou termo.pdf visível na consulta pública",
      "tornou termo.pdf apenas interno",
    ]);
    expect(await t.db.$count(auditLog, and(eq(auditLog.action, "service.attachment_visibility"), eq(auditLog.entityId, r.id)))).toBe(2);
    // Another sector cannot change it; an attachment of another record is 404 here.
    await expect(setAttachmentVisibility(people.jur, { id: r.id, attachmentId: a.id, isPublic: true })).rejects.toMatchObject({
      status: 403,
    });
    const other = await createServiceRecordRow(t.db, { sector: "secretaria" });
    await expect(setAttachmentVisibility(people.sec, { id: other.id, attachmentId: a.id, isPublic: true })).rejects.toMatchObject({
      status: 404,
    });
  });

  it("the consulta (protocol + CPF digits) lists the public files only, each with a signed link that expires", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "secretaria", requesterCpf: "52998224725" });
    await attachToServiceRecord(people.sec, { id: r.id, isPublic: true }, pdf("acordo.pdf"));
    await attachToServiceRecord(people.sec, { id: r.id, isPublic: false }, pdf("parecer-interno.pdf"));
    const view = await consultServiceRecord(r.protocol, { kind: "cpf", value: "4725" }, { throttleKey: "203.0.113.9" });
    expect(view.attachments.map((a) => a.fileName)).toEqual(["acordo.pdf"]);
    // The internal file's name is not in any history entry the consulta shows either.
    expect(JSON.stringify(view)).not.toContain("parecer-interno");
    const [pub] = view.attachments;
    const url = new URL(pub.href, "https://sindicato.example");
    expect(url.pathname).toBe(`/atendimento/consulta/anexos/${pub.id}`);
    expect(await checkConsultaLink(pub.id, url.searchParams)).toBe("ok");
    expect(await checkConsultaLink(pub.id, url.searchParams, new Date(Date.now() + 31 * 60_000))).toBe("expired");
    const forged = new URLSearchParams(url.searchParams);
    forged.set("expira", String(Number(forged.get("expira")) + 3600));
    expect(await checkConsultaLink(pub.id, forged)).toBe("invalid");
    expect(await checkConsultaLink(pub.id, new URLSearchParams())).toBe("invalid");
    expect((await getPublicAttachmentFile(pub.id))?.fileName).toBe("acordo.pdf");

    // A signed link to an internal file serves nothing; made internal later, the public one neither.
    const [, internal] = await listServiceAttachments(people.sec, r.id);
    const internalUrl = new URL(await consultaAttachmentHref(internal.id), "https://sindicato.example");
    expect(await checkConsultaLink(internal.id, internalUrl.searchParams)).toBe("ok");
    expect(await getPublicAttachmentFile(internal.id)).toBeUndefined();
    await setAttachmentVisibility(people.sec, { id: r.id, attachmentId: pub.id, isPublic: false });
    expect(await getPublicAttachmentFile(pub.id)).toBeUndefined();
    // A wrong second factor still sees nothing (404, as before).
    await expect(consultServiceRecord(r.protocol, { kind: "cpf", value: "0000" }, { throttleKey: "203.0.113.10" })).rejects.toMatchObject({
      status: 404,
    });
  });
});
