import { z } from "zod";
import { MAX_CENTAVOS, MONEY_MESSAGES, parseMoney, tooSmallMessage } from "./money";
import { optionalChecked } from "./optional-checked";

/**
 * Zod field helpers for amounts typed in a form (ADR 150): the page and the action share
 * them. The input is `<input inputMode="decimal">` or `<input type="number" step={MONEY_STEP}>`
 * (which sends "1234.56"); either way the value arrives as text and leaves as an integer
 * number of centavos. Use `centavosToDecimal` from ./money for the input's default value.
 */

/** The step of a number input for money: one centavo. */
export const MONEY_STEP = "0.01";

type Options = {
  /** Message for a missing value (default 'Informe o valor.'). */
  required?: string;
  /** Smallest amount accepted, in centavos (default 1: more than zero). */
  min?: number;
  /** Largest amount accepted, in centavos (default R$ 99.999.999,99). */
  max?: number;
};

function toCentavos(o: Options) {
  const min = o.min ?? 1;
  const max = o.max ?? MAX_CENTAVOS;
  return (value: string, ctx: Pick<z.RefinementCtx<unknown>, "addIssue">) => {
    const parsed = parseMoney(value, { max });
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    }
    if (parsed.centavos < min) {
      ctx.addIssue({ code: "custom", message: min === 1 ? MONEY_MESSAGES.notPositive : tooSmallMessage(min) });
      return z.NEVER;
    }
    return parsed.centavos;
  };
}

/** A required amount → integer centavos. */
export function moneyField(o: Options = {}) {
  const required = o.required ?? MONEY_MESSAGES.required;
  return z.string(required).trim().min(1, { message: required, abort: true }).transform(toCentavos(o));
}

/** An optional amount → integer centavos, or null when absent or blank. */
export function optionalMoneyField(o: Omit<Options, "required"> = {}) {
  return optionalChecked(toCentavos(o));
}
