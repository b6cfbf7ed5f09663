import { z } from "zod";

/** A field's check: the trimmed text → its value, or an issue on `ctx` (returning z.NEVER). */
export type FieldCheck<T> = (value: string, ctx: Pick<z.RefinementCtx<unknown>, "addIssue">) => T;

/** An optional field: absent or blank → null; any other text, trimmed, goes through `check`. */
export function optionalChecked<T>(check: FieldCheck<T>) {
  return z
    .string()
    .trim()
    .nullish()
    .transform((value, ctx) => (value ? check(value, ctx) : null));
}
