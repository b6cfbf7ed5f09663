import type { z } from "zod";
import { fieldErrors, type FieldErrors } from "./forms";

/**
 * Field-by-field validation in the browser with the action's own schema (ADR 190). Pure apart
 * from reading a form's values: `useFormAction` calls it on blur, on input and after renders.
 */

/** One value per field name, as the server reads a form body (the last one wins). */
export function formFields(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new FormData(form).entries()) if (typeof v === "string") out[k] = v;
  return out;
}

export type LiveSchema = z.ZodType;
export type ToInput = (fields: Record<string, string>) => Record<string, unknown>;

/** Every field's first message for these values, by the schema the action parses with. */
export function validateFields(
  schema: LiveSchema,
  fields: Record<string, string>,
  o: { toInput?: ToInput; intent?: string } = {},
): FieldErrors {
  const withIntent = fields.intent === undefined && o.intent !== undefined ? { ...fields, intent: o.intent } : fields;
  const input = o.toInput ? { ...o.toInput(withIntent), intent: withIntent.intent } : withIntent;
  const parsed = schema.safeParse(input);
  return parsed.success ? {} : fieldErrors(parsed.error);
}

/**
 * What is shown next, given what is shown now (`shown`: server answer plus live checks), the
 * fresh check of the whole form (`found`), and the values the server judged (`judged`): a
 * shown error is replaced by the fresh one, or cleared when the field is now valid. A server
 * error on a field whose value has not changed stays (a CPF already registered is valid to the
 * schema). `blurred` also gets its fresh error, shown or not. Returns the overrides (name →
 * message, or null for "cleared") or `null` when nothing changes.
 */
export function nextOverrides(o: {
  shown: FieldErrors;
  server: FieldErrors;
  overrides: Record<string, string | null>;
  found: FieldErrors;
  fields: Record<string, string>;
  judged: Record<string, string> | undefined;
  present: (name: string) => boolean;
  blurred?: string;
}): Record<string, string | null> | null {
  let next = o.overrides;
  const set = (name: string, value: string | null) => {
    if (name in next && next[name] === value) return;
    if (next === o.overrides) next = { ...o.overrides };
    next[name] = value;
  };
  const names = new Set(Object.keys(o.shown));
  if (o.blurred) names.add(o.blurred);
  for (const name of names) {
    if (!o.present(name)) continue;
    const fromServer = name in o.server && !(name in o.overrides);
    if (fromServer && o.judged && o.judged[name] === o.fields[name] && !(name in o.found)) continue;
    set(name, o.found[name] ?? null);
  }
  return next === o.overrides ? null : next;
}

/** The server's errors with the live overrides applied (null clears one). */
export function mergeErrors(server: FieldErrors, overrides: Record<string, string | null>): FieldErrors {
  const out: FieldErrors = { ...server };
  for (const [name, message] of Object.entries(overrides)) {
    if (message === null) delete out[name];
    else out[name] = message;
  }
  return out;
}
