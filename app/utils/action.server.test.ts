import { data, redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { handleAction, oneIntent, type ActionReply } from "./action.server";
import type { ActionResult } from "./action-result";
import { AppError } from "./app-error";
import { FORM_MESSAGES, requiredText } from "./fields";

const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), title: requiredText("Título é obrigatório.", { max: 20, tooLong: "Título muito longo." }) }),
  z.object({ intent: z.literal("remove"), id: z.uuid("Item inválido.") }),
]);

function post(body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request("http://localhost/x", { method: "POST", body, headers });
}

function form(fields: Record<string, string>) {
  return post(new URLSearchParams(fields), { "content-type": "application/x-www-form-urlencoded" });
}

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append(file.name, new Blob([file.bytes as BlobPart]), "arquivo.bin");
  return new Request("http://localhost/x", { method: "POST", body: fd });
}

/** The answer as the page receives it. */
function unwrap(reply: ActionReply): { status: number; body: ActionResult } {
  if (reply instanceof Response) throw new Error("esperava dados, veio Response");
  return { status: reply.init?.status ?? 200, body: reply.data };
}

const calls: string[] = [];
const spec = {
  actor: { id: "u1" },
  intents: schema,
  fallback: { save: "Erro ao salvar", remove: "Erro ao excluir" },
  handlers: {
    save: (input: { title: string }) => {
      calls.push(`save:${input.title}`);
      return "Salvo!";
    },
    remove: () => {
      throw new Error("falha inesperada");
    },
  },
};

describe("handleAction (the action pipeline)", () => {
  it("parses the intent and answers the handler's message", async () => {
    const r = unwrap(await handleAction(form({ intent: "save", title: "  Olá  " }), spec));
    expect(r).toEqual({ status: 200, body: { ok: true, message: "Salvo!", intent: "save" } });
    expect(calls).toContain("save:Olá");
  });

  it("reads multipart bodies the same way", async () => {
    const r = unwrap(await handleAction(multipart({ intent: "save", title: "Multipart" }), spec));
    expect(r.body.ok).toBe(true);
  });

  it("refuses anything that is not form data with 415 and a pt-BR message, running no handler", async () => {
    const before = calls.length;
    const bodies: Array<[BodyInit | null, Record<string, string>]> = [
      [JSON.stringify({ intent: "save", title: "x" }), { "content-type": "application/json" }],
      ["intent=save&title=x", { "content-type": "text/plain" }],
      [new Uint8Array([1, 2, 3]), { "content-type": "application/octet-stream" }],
      [new Uint8Array(0), {}],
    ];
    for (const [body, headers] of bodies) {
      const r = unwrap(await handleAction(post(body, headers), spec));
      expect(r.status).toBe(415);
      expect(r.body.message).toBe(FORM_MESSAGES.unsupportedBody);
    }
    expect(calls.length).toBe(before);
  });

  it("answers a multipart body with a bad or missing boundary with 400", async () => {
    const body = '--OUTRO\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave\r\n--OUTRO--\r\n';
    for (const type of ["multipart/form-data; boundary=ESPERADO", "multipart/form-data"]) {
      const r = unwrap(await handleAction(post(body, { "content-type": type }), spec));
      expect(r.status, type).toBe(400);
      expect(r.body.message).toBe(FORM_MESSAGES.unreadable);
    }
  });

  it("refuses a file on a form that has no file field", async () => {
    const r = unwrap(await handleAction(multipart({ intent: "save", title: "x" }, { name: "doc", bytes: new Uint8Array([1]) }), spec));
    expect(r.status).toBe(400);
  });

  it("maps Zod issues to field errors and 400, and an unknown intent to 'Ação inválida.'", async () => {
    const r = unwrap(await handleAction(form({ intent: "save", title: "a\u0000b" }), spec));
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ title: FORM_MESSAGES.controlCharacters });
    const unknown = unwrap(await handleAction(form({ intent: "destroy" }), spec));
    expect(unknown).toMatchObject({ status: 400, body: { message: FORM_MESSAGES.invalidIntent } });
    const none = unwrap(await handleAction(form({}), spec));
    expect(none.status).toBe(400);
  });

  it("answers an unexpected failure with 500 and the intent's fallback", async () => {
    const r = unwrap(await handleAction(form({ intent: "remove", id: "6f1c4c52-3c2e-4a57-9a52-2b6b7d2d9a11" }), spec));
    expect(r).toMatchObject({ status: 500, body: { ok: false, message: "Erro ao excluir", intent: "remove" } });
  });

  it("maps an AppError to its status and field, and a refused file (413/415) to the file field", async () => {
    const upload = { field: "doc", maxBytes: 10 };
    const base = { ...spec, upload };
    const conflict = { ...base, handlers: { ...spec.handlers, save: () => Promise.reject(new AppError(409, "Já existe.", "title")) } };
    expect(unwrap(await handleAction(form({ intent: "save", title: "x" }), conflict))).toMatchObject({
      status: 409,
      body: { message: "Já existe.", errors: { title: "Já existe." } },
    });
    const wrongType = { ...base, handlers: { ...spec.handlers, save: () => Promise.reject(new AppError(415, "Tipo não permitido.")) } };
    expect(unwrap(await handleAction(form({ intent: "save", title: "x" }), wrongType)).body.errors).toEqual({ doc: "Tipo não permitido." });
    const big = unwrap(await handleAction(multipart({ intent: "save", title: "x" }, { name: "doc", bytes: new Uint8Array(11) }), base));
    expect(big.status).toBe(413);
    expect(big.body.errors).toEqual({ doc: big.body.message });
  });

  it("hands the handler the file of the upload field", async () => {
    let seen: number | undefined;
    const withFile = {
      ...spec,
      upload: { field: "doc", maxBytes: 100 },
      handlers: { ...spec.handlers, save: (_: unknown, ctx: { file?: { bytes: Buffer } }) => ((seen = ctx.file?.bytes.length), "ok") },
    };
    await handleAction(multipart({ intent: "save", title: "x" }, { name: "doc", bytes: new Uint8Array(7) }), withFile);
    expect(seen).toBe(7);
  });

  it("lets guard responses through and returns a handler's own redirect or data", async () => {
    const thrown = data({ message: "negado" }, { status: 403 });
    const guarded = { ...spec, handlers: { ...spec.handlers, save: () => Promise.reject(thrown) } };
    await expect(handleAction(form({ intent: "save", title: "x" }), guarded)).rejects.toBe(thrown);
    const redirecting = { ...spec, handlers: { ...spec.handlers, save: () => redirect("/lista") } };
    const reply = await handleAction(form({ intent: "save", title: "x" }), redirecting);
    expect(reply instanceof Response && reply.status).toBe(302);
  });

  it("fills the intent of single-intent forms, echoes fields on failure, and uses the form's own top message", async () => {
    const single = {
      actor: null,
      intents: oneIntent("send", z.object({ name: requiredText("Nome é obrigatório.", { max: 10, tooLong: "Longo." }) })),
      defaultIntent: "send" as const,
      fallback: "Erro ao enviar",
      invalidMessage: "Verifique os campos.",
      echo: ["name"],
      handlers: { send: () => "Enviado!" },
    };
    expect(unwrap(await handleAction(form({ name: "Ana" }), single)).body).toMatchObject({ ok: true, message: "Enviado!" });
    const refused = unwrap(await handleAction(form({ name: "a\u0000" }), single));
    expect(refused.body).toMatchObject({ message: "Verifique os campos.", values: { name: "a" }, status: 400 });
  });
});
