import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { z } from "zod";
import type { Upload } from "~/domain/files/file-store.server";
import { recordRefusal } from "~/domain/audit/record-refusal.server";
import type { ActionResult } from "./action-result";
import { isAppError } from "./app-error";
import { FORM_MESSAGES, hasControlCharacters, stripControlCharacters } from "./fields";
import { fieldErrors } from "./forms";
import { readFormBody, type FormBody } from "./form-body.server";
import { errorFields, log } from "./logger.server";
import { readIdempotencyKey, runOnce, type StoredReply } from "./idempotency.server";

/**
 * The one way a route's action is written (ADR 070):
 *
 *   export async function action({ request }: Route.ActionArgs) {
 *     const actor = await requireAccess(request);
 *     return handleAction(request, {
 *       actor,
 *       intents: userActionSchema,              // one z.discriminatedUnion("intent", …)
 *       fallback: { create: "Erro ao criar usuário", … },
 *       handlers: {                             // one per intent: a missing one is a type error
 *         create: async (input) => { await createUser(actor, input); return USER_MESSAGES.created; },
 *         …
 *       },
 *     });
 *   }
 *
 * (A staff screen writes the guard and this call as one: `staffAction`, staff-action.server.ts.)
 *
 * It reads the body (form data only: anything else is 415, an unreadable form 400), picks the
 * intent, parses it with its schema and runs its handler. Refusals come back as an
 * `ActionResult` with a 4xx: Zod issues as field errors (400), an AppError with its status and
 * field, a refused file (413/415) beside the file field. Responses thrown by guards pass
 * through; anything else is logged without its data and answered 500 with the intent's
 * fallback message. Nothing a refused body carries is written.
 */

/** What guards and loaders throw: a Response, or React Router's `data(…, { status })`. */
export function isRouteResponse(value: unknown): value is Response | DataWithResponseInit<unknown> {
  return (
    value instanceof Response || (!!value && typeof value === "object" && (value as { type?: unknown }).type === "DataWithResponseInit")
  );
}

export type IntentUnion = z.ZodType<{ intent: string }, unknown>;
export type IntentOf<S extends IntentUnion> = z.output<S>["intent"];
type InputOf<S extends IntentUnion, K> = Extract<z.output<S>, { intent: K }>;

export type ActionContext<A> = {
  actor: A;
  request: Request;
  /** One value per field name, as sent (before the schema). */
  fields: Record<string, string>;
  /** The file sent in the upload field, if any. */
  file: Upload | undefined;
};

/**
 * What a handler answers: a success message (→ `{ ok: true, message, intent }`), more data for
 * the page (merged into the success result), or a Response / `data()` / redirect of its own.
 */
export type HandlerReply = string | ({ message?: string } & Record<string, unknown>) | Response | DataWithResponseInit<unknown>;

export type Handlers<S extends IntentUnion, A> = {
  [K in IntentOf<S>]: (input: InputOf<S, K>, ctx: ActionContext<A>) => Promise<HandlerReply> | HandlerReply;
};

export type ActionSpec<S extends IntentUnion, A> = {
  /** Who acts: the guarded user (staff screens) or null (public forms). */
  actor: A;
  intents: S;
  handlers: Handlers<S, A>;
  /** The message when an intent fails unexpectedly: one for all, or one per intent. */
  fallback: string | { [K in IntentOf<S>]: string };
  /** The intent of a body that names none (single-intent forms post no `intent`). */
  defaultIntent?: IntentOf<S>;
  /** The form's file input: size limit, its 413 message, and where 413/415 are shown. */
  upload?: { field: string; maxBytes: number; tooLargeMessage?: string };
  /** Builds the schema's input from the body (default: one value per field name). */
  toInput?: (body: FormBody) => Record<string, unknown>;
  /** The top message of a validation failure (default: the first field's message). */
  invalidMessage?: string;
  /** Fields echoed back as `values` on failure, for pages that re-render without JavaScript. */
  echo?: readonly string[];
  /**
   * Create intents and their scope (ADR 196): a post of one of them carrying an idempotency key
   * (`IdempotencyKey` in the form) runs once per key and signed-in user; a repeated key gets
   * the first answer back instead of creating again.
   */
  idempotent?: { [K in IntentOf<S>]?: string };
};

export type ActionReply = Response | DataWithResponseInit<ActionResult>;

/** A form with one intent, as the one-member union the pipeline takes (refinements kept). */
export function oneIntent<const K extends string, Shape extends z.ZodRawShape>(intent: K, schema: z.ZodObject<Shape>) {
  const member = (schema as z.ZodObject).safeExtend({ intent: z.literal(intent) }) as unknown as z.ZodObject<
    Shape & { intent: z.ZodLiteral<K> }
  >;
  return z.discriminatedUnion("intent", [member]);
}

function failure(status: number, message: string, extra: Partial<ActionResult> = {}): DataWithResponseInit<ActionResult> {
  return data<ActionResult>({ ok: false, message, status, ...extra }, { status });
}

function echoed(fields: Record<string, string>, names: readonly string[] | undefined) {
  if (!names) return undefined;
  const values: Record<string, string> = {};
  for (const name of names) {
    const v = fields[name];
    // Shown back in the form only: control characters are dropped from the echo, never stored.
    if (v !== undefined) values[name] = (hasControlCharacters(v, true) ? stripControlCharacters(v) : v).slice(0, 6000);
  }
  return values;
}

/** Maps what an action threw to its answer (the one place this is decided). */
function refusal(
  error: unknown,
  o: { fallback: string; intent?: string; fileField?: string; invalidMessage?: string; values?: Record<string, string> },
): DataWithResponseInit<ActionResult> {
  if (isRouteResponse(error)) throw error;
  const extra = { intent: o.intent, values: o.values };
  if (error instanceof z.ZodError) {
    const errors = fieldErrors(error);
    return failure(400, o.invalidMessage ?? Object.values(errors)[0] ?? o.fallback, { ...extra, errors });
  }
  if (isAppError(error)) {
    const field = error.field ?? ((error.status === 413 || error.status === 415) && o.fileField ? o.fileField : undefined);
    return failure(error.status, error.message, { ...extra, errors: field ? { [field]: error.message } : undefined });
  }
  log.error(o.fallback, errorFields(error));
  return failure(500, o.fallback, extra);
}

export async function handleAction<S extends IntentUnion, A>(request: Request, spec: ActionSpec<S, A>): Promise<ActionReply> {
  const fallbackFor = (intent: string | undefined) =>
    typeof spec.fallback === "string"
      ? spec.fallback
      : ((spec.fallback as Record<string, string>)[intent ?? ""] ?? FORM_MESSAGES.invalidIntent);

  let body: FormBody;
  try {
    body = await readFormBody(
      request,
      spec.upload ? { maxFileBytes: spec.upload.maxBytes, tooLargeMessage: spec.upload.tooLargeMessage } : {},
    );
  } catch (error) {
    // Only a too-large file belongs beside the file field; an unreadable body is the form's.
    const fileField = isAppError(error) && error.status === 413 ? spec.upload?.field : undefined;
    return refusal(error, { fallback: fallbackFor(spec.defaultIntent), intent: spec.defaultIntent, fileField });
  }

  const intent = body.fields.intent ?? spec.defaultIntent;
  const values = echoed(body.fields, spec.echo);
  if (intent === undefined || !Object.hasOwn(spec.handlers, intent)) {
    return failure(400, FORM_MESSAGES.invalidIntent, { values });
  }
  const fallback = fallbackFor(intent);
  try {
    const raw = spec.toInput ? spec.toInput(body) : body.fields;
    const input = spec.intents.parse({ ...raw, intent });
    const handler = (spec.handlers as Record<string, (input: unknown, ctx: ActionContext<A>) => Promise<HandlerReply> | HandlerReply>)[
      intent
    ];
    const file = spec.upload ? body.files.find((f) => f.fieldName === spec.upload!.field) : undefined;
    const run = async (): Promise<ActionReply> => {
      const reply = await handler(input, { actor: spec.actor, request, fields: body.fields, file });
      if (typeof reply === "string") return data<ActionResult>({ ok: true, message: reply, intent });
      if (isRouteResponse(reply)) return reply as ActionReply;
      return data<ActionResult>({ ok: true, intent, message: "", ...reply });
    };
    const scope = (spec.idempotent as Record<string, string> | undefined)?.[intent];
    const key = scope && isStaffActor(spec.actor) ? readIdempotencyKey(body.fields) : undefined;
    if (!scope || !key || !isStaffActor(spec.actor)) return await run();
    const once = await runOnce({ userId: spec.actor.id, key, scope }, run, toStored);
    return once.replayed ? replay(once.stored) : once.reply;
  } catch (error) {
    const reply = refusal(error, { fallback, intent, fileField: spec.upload?.field, invalidMessage: spec.invalidMessage, values });
    // A staff action refused for lack of permission is written to the audit log (ADR 182).
    if (reply.init?.status === 403 && isStaffActor(spec.actor))
      await recordRefusal(spec.actor, request, { intent, recordId: body.fields.id });
    return reply;
  }
}

/** A public form's action (sign-in steps, contact, complaint, service look-up): nobody signed in acts. */
export function publicAction<S extends IntentUnion>(
  request: Request,
  intents: S,
  spec: Omit<ActionSpec<S, null>, "actor" | "intents">,
): Promise<ActionReply> {
  return handleAction(request, { ...spec, actor: null, intents });
}

/** What of a create's answer is kept for a repeated key: a success (data or redirect) only. */
function toStored(reply: ActionReply): StoredReply | null {
  if (reply instanceof Response) {
    const location = reply.headers.get("Location");
    return reply.status >= 300 && reply.status < 400 && location ? { kind: "redirect", location, status: reply.status } : null;
  }
  const status = reply.init?.status ?? 200;
  const body = reply.data as unknown as Record<string, unknown>;
  return status < 300 && body && body.ok === true ? { kind: "data", body } : null;
}

/** The first answer, again. */
function replay(stored: StoredReply): ActionReply {
  if (stored.kind === "redirect") return new Response(null, { status: stored.status, headers: { Location: stored.location } });
  return data<ActionResult>(stored.body as ActionResult);
}

function isStaffActor(actor: unknown): actor is { id: string; username: string } {
  return (
    !!actor &&
    typeof actor === "object" &&
    typeof (actor as { id?: unknown }).id === "string" &&
    typeof (actor as { username?: unknown }).username === "string"
  );
}

/**
 * Posts refused with a 4xx, by the load context of their request (ADR 127). A form posted without
 * JavaScript is answered with the whole page: React Router runs the action, then the page's
 * loaders, in the same request and with the same load context (single-fetch posts from the
 * browser run no loader after a 4xx). A loader that records a view (the member's full CPF) asks
 * `postWasRefused` so that re-render is not taken for a new view.
 */
const refusedPosts = new WeakSet<object>();

/** Notes a refusal (4xx) of `reply` against the request's load context; returns `reply`. */
export function noteRefusal<R extends ActionReply>(context: unknown, reply: R): R {
  const status = reply instanceof Response ? reply.status : (reply.init?.status ?? 200);
  if (status >= 400 && status < 500 && context && typeof context === "object") refusedPosts.add(context);
  return reply;
}

/** Whether this request is a post that the action refused (the page re-rendered after it). */
export function postWasRefused(context: unknown): boolean {
  return !!context && typeof context === "object" && refusedPosts.has(context);
}
