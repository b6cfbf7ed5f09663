import { z } from "zod";
import { parseDateInput } from "~/lib/date-input";
import { isHttpsUrl } from "~/lib/https-url";
import { optionalChecked } from "~/lib/optional-checked";

/**
 * The shared Zod field helpers every form schema is built from (ADR 071). Pure and
 * client-safe: the page and the action read the same schema and the same messages.
 *
 * Every text helper refuses control characters (ADR 071): U+0000 (which PostgreSQL refuses
 * in text, so it used to surface as a 500) and the rest of C0 and DEL. Multi-line fields keep
 * TAB, LF and CR; single-line fields keep TAB only. Refused, not stripped: a value is stored
 * as typed or not at all.
 */
export const FORM_MESSAGES = {
  /** A body that is not a form (JSON, text/plain, no content type…): 415. */
  unsupportedBody: "Formato de envio não suportado. Envie o formulário pela página do site.",
  /** A form body that cannot be read (broken multipart, too many parts): 400. */
  unreadable: "Não foi possível ler o formulário enviado.",
  /** A form body over the size limit when it carries no file: 413. */
  tooLarge: "O formulário enviado é grande demais.",
  /** An intent the screen does not have: 400. */
  invalidIntent: "Ação inválida.",
  controlCharacters: "Este campo contém caracteres de controle (invisíveis). Apague-os e tente novamente.",
} as const;

const CONTROL_SINGLE_LINE = /[\u0000-\u0008\u000A-\u001F\u007F]/;
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** True when the value holds a character no form field accepts (see the module comment). */
export function hasControlCharacters(value: string, multiline = false) {
  return (multiline ? CONTROL_MULTILINE : CONTROL_SINGLE_LINE).test(value);
}

/** The value without the characters `hasControlCharacters(…, true)` finds (for echoing back only). */
export function stripControlCharacters(value: string) {
  return value.replace(new RegExp(CONTROL_MULTILINE.source, "g"), "");
}

type TextOptions = {
  max: number;
  tooLong: string;
  /** More than one character required (`required` covers the empty field). */
  min?: number;
  tooShort?: string;
  multiline?: boolean;
};

/** A string that refuses control characters; the base of every text helper. */
export function safeString(missing?: string, multiline = false) {
  return z.string(missing).refine((v) => !hasControlCharacters(v, multiline), FORM_MESSAGES.controlCharacters);
}

/** Required text, trimmed: absent or blank → `required`. */
export function requiredText(required: string, o: TextOptions) {
  const base = safeString(required, o.multiline).trim().min(1, { message: required, abort: true });
  return (o.min && o.min > 1 ? base.min(o.min, o.tooShort ?? required) : base).max(o.max, o.tooLong);
}

/**
 * The staff forms' wording: '{label} é obrigatório.' ('obrigatória' for a feminine label:
 * Cidade, Descrição, Categoria…), '{label} deve ter ao menos {min} caracteres.', '{label} deve
 * ter no máximo {max} caracteres.'. The gender is the label's noun's, so it is said with the
 * label: `labelledText("Cidade", 2, 80, { gender: "f" })`.
 */
export function labelledText(label: string, min: number, max: number, o: { multiline?: boolean; gender?: "m" | "f" } = {}) {
  return requiredText(requiredMessage(label, o.gender), {
    min,
    tooShort: `${label} deve ter ao menos ${min} caracteres.`,
    max,
    tooLong: `${label} deve ter no máximo ${max} caracteres.`,
    multiline: o.multiline,
  });
}

/** '{label} é obrigatório.' or, for a feminine label, '{label} é obrigatória.'. */
export function requiredMessage(label: string, gender: "m" | "f" = "m") {
  return `${label} é ${gender === "f" ? "obrigatória" : "obrigatório"}.`;
}

/** Optional text, trimmed; absent or blank → "". */
export function optionalText(o: Omit<TextOptions, "min" | "tooShort">) {
  return safeString(undefined, o.multiline)
    .trim()
    .max(o.max, o.tooLong)
    .optional()
    .transform((v) => v ?? "");
}

/** Optional text, trimmed; absent or blank → null (stored as NULL). */
export function nullableText(o: Omit<TextOptions, "min" | "tooShort">) {
  return optionalText(o).transform((v) => (v === "" ? null : v));
}

/** Text kept exactly as typed (passwords): no trimming, control characters refused. */
export function secretText(required: string, o: { max: number; tooLong: string }) {
  return safeString(required).min(1, required).max(o.max, o.tooLong);
}

/** An e-mail address, trimmed and lower-cased. */
export function emailField(m: { invalid: string; required?: string; max?: number }) {
  const address = z.email(m.invalid).max(m.max ?? 254, m.invalid);
  const base = safeString(m.required ?? m.invalid)
    .trim()
    .toLowerCase();
  return (m.required ? base.min(1, m.required) : base).pipe(address);
}

/**
 * The options of a cross-field check (`.refine` on an object) that should run even when other
 * fields already failed (ADR 190): by default Zod skips an object's refinements after any
 * aborting issue (a bad choice, a wrong type), so a form's errors came in rounds. With this it
 * runs then too; the check sees a partly parsed value and must read its fields defensively.
 * Zod still skips it after an issue raised with `abort: true` (the required-text helpers' empty
 * field): a form whose cross-field rules must be reported beside empty required fields runs them
 * on the raw input instead, as the service form does (`serviceFormSchema`).
 */
export const WHOLE_FORM = { when: () => true } as const;

/** A checkbox or switch: present ("on", "true", "1", "yes") means yes, absent means no. */
export const checkboxField = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1" || v === "yes");

/** A checkbox that must be ticked (consent): anything but a ticked box → `message`. */
export function consentField(message: string) {
  return z.enum(["on", "yes", "true", "1"], message).transform(() => true as const);
}

/** One of a fixed set of values (select, radio). */
export function choiceField<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, message);
}

/** A row id from a hidden field. */
export function idField(message: string) {
  return z.uuid(message);
}

/** A whole number typed as text, between `min` and `max`; blank → `fallback`. */
export function intField(o: { min: number; max: number; message: string; fallback: number }) {
  const digits = Math.max(String(o.max).length, 1);
  return z
    .string(o.message)
    .trim()
    .default(String(o.fallback))
    .transform((v) => (v === "" ? String(o.fallback) : v))
    .pipe(
      z
        .string()
        .regex(new RegExp(`^${o.min < 0 ? "-?" : ""}\\d{1,${digits}}$`), o.message)
        .transform(Number)
        .pipe(z.number().int().min(o.min, o.message).max(o.max, o.message)),
    );
}

/** True for a real calendar day written yyyy-mm-dd (what <input type=date> sends). */
export function isCalendarDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && y <= 2200 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The zod step that reads a typed date (dd/mm/aaaa, or aaaa-mm-dd) into aaaa-mm-dd (ADR 193). */
function toIsoDate(invalid: string) {
  return (value: string, ctx: Pick<z.RefinementCtx<unknown>, "addIssue">) => {
    const parsed = parseDateInput(value, invalid);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    }
    return parsed.iso;
  };
}

/**
 * A required date typed dd/mm/aaaa (the masked field) or aaaa-mm-dd → "aaaa-mm-dd". Blank →
 * `required`; not a date → `invalid` with the expected format; an impossible day (31/02/2026)
 * or month (a mm/dd reading) → a message that says which.
 */
export function dateField(required: string, invalid: string) {
  return z.string(required).trim().min(1, { message: required, abort: true }).transform(toIsoDate(invalid));
}

/** An optional date (as `dateField`) → "aaaa-mm-dd", or null when absent or blank. */
export function optionalDateField(invalid: string) {
  return optionalChecked(toIsoDate(invalid));
}

/** Form field: empty, or an https:// address (at most 300 characters). */
export function optionalHttpsUrl(message: string) {
  return safeString()
    .trim()
    .max(300, "Endereço muito longo (máximo 300 caracteres).")
    .refine((v) => v === "" || isHttpsUrl(v), message);
}
