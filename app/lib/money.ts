/**
 * Money (issue 11, ADR 150): every amount is an integer number of centavos, never a float.
 * Typed amounts are read by string arithmetic, so "0,29" is 29 centavos and never
 * 28.999999…; they are shown with Intl pt-BR BRL ("R$ 1.234,56", where the space after "R$" is
 * the no-break space U+00A0 that Intl writes, kept so the symbol never wraps away from the
 * number). Pure: the browser and the server share it.
 */

/** R$ 99.999.999,99: the largest amount a charge, a payment or a BR Code carries. */
export const MAX_CENTAVOS = 9_999_999_999;

export const MONEY_MESSAGES = {
  required: "Informe o valor.",
  invalid: "Valor inválido. Digite só números, com vírgula antes dos centavos, como 1.234,56.",
  negative: "O valor não pode ser negativo.",
  tooPrecise: "O valor pode ter no máximo duas casas decimais (centavos).",
  notPositive: "O valor deve ser maior que zero.",
} as const;

/** "O valor máximo é R$ 99.999.999,99." for the given ceiling. */
export function tooLargeMessage(max: number) {
  return `O valor máximo é ${formatMoney(max)}.`;
}

/** "O valor mínimo é R$ 10,00." for the given floor. */
export function tooSmallMessage(min: number) {
  return `O valor mínimo é ${formatMoney(min)}.`;
}

export type MoneyParse = { ok: true; centavos: number } | { ok: false; message: string };

const fail = (message: string): MoneyParse => ({ ok: false, message });

/**
 * Which separator is the decimal one, and which groups thousands. Accepts pt-BR
 * ("1.234,56", "1234,56"), dot-decimal ("1234.56", "1,234.56") and whole numbers
 * ("1.234" — a single dot before exactly three digits groups thousands, as a pt-BR reader
 * means it; "1234.567" has three decimals and is refused as over-precise).
 */
function splitNumber(body: string): { int: string; frac: string } | "invalid" | "tooPrecise" {
  const commas = body.split(",").length - 1;
  const dots = body.split(".").length - 1;
  let decimal: "," | "." | null = null;
  let group: "," | "." | null = null;
  if (commas && dots) {
    decimal = body.lastIndexOf(",") > body.lastIndexOf(".") ? "," : ".";
    group = decimal === "," ? "." : ",";
    if ((decimal === "," ? commas : dots) !== 1) return "invalid";
  } else if (commas) {
    if (commas > 1) return "invalid"; // "1,234,567" is not how a pt-BR user writes money
    decimal = ",";
  } else if (dots === 1) {
    const [before, after] = body.split(".");
    if (after.length === 3 && /^[1-9]\d{0,2}$/.test(before)) group = ".";
    else decimal = ".";
  } else if (dots > 1) {
    group = ".";
  }

  const [whole, frac = ""] = decimal ? body.split(decimal) : [body];
  if (decimal && frac === "") return "invalid"; // "50," or "50."
  let int = whole;
  if (group) {
    const groups = whole.split(group);
    if (!/^\d{1,3}$/.test(groups[0]) || groups.slice(1).some((g) => !/^\d{3}$/.test(g))) return "invalid";
    int = groups.join("");
  }
  if (!/^\d*$/.test(int) || !/^\d*$/.test(frac) || int + frac === "") return "invalid";
  if (frac.length > 2) return "tooPrecise";
  return { int, frac };
}

/**
 * Reads a typed amount into centavos: "1.234,56", "1234.56", "50", "R$ 50,00", "0,5".
 * Refuses, with the message to show: blank, anything but digits and separators, a sign
 * (negative amounts are never typed), more than two decimals, and more than `max`.
 */
export function parseMoney(input: string, o: { max?: number } = {}): MoneyParse {
  const max = o.max ?? MAX_CENTAVOS;
  // Spaces of every kind (Intl's U+00A0 included) go: "R$ 1 234,56" is still one number.
  const compact = input.replace(/\s+/g, "");
  if (compact === "") return fail(MONEY_MESSAGES.required);

  let body = compact.replace(/^([-\u2212(]?)R\$/i, "$1");
  const negative = /^[-\u2212]|[-\u2212]$|^\(.*\)$/.test(body);
  if (negative) body = body.replace(/^[-\u2212(]+|[-\u2212)]+$/g, "").replace(/^R\$/i, "");
  if (!/^[\d.,]+$/.test(body)) return fail(MONEY_MESSAGES.invalid);

  const parts = splitNumber(body);
  if (parts === "invalid") return fail(MONEY_MESSAGES.invalid);
  if (parts === "tooPrecise") return fail(MONEY_MESSAGES.tooPrecise);
  if (negative && /[1-9]/.test(parts.int + parts.frac)) return fail(MONEY_MESSAGES.negative);

  const int = parts.int.replace(/^0+/, "");
  // Checked on the digits, before any arithmetic, so a 40-digit paste never becomes a float.
  if (int.length > String(Math.floor(max / 100)).length) return fail(tooLargeMessage(max));
  const centavos = Number(int || "0") * 100 + Number(parts.frac.padEnd(2, "0"));
  if (centavos > max) return fail(tooLargeMessage(max));
  return { ok: true, centavos };
}

function assertCentavos(centavos: number) {
  if (!Number.isSafeInteger(centavos)) throw new TypeError(`Valor em centavos inválido: ${centavos}`);
}

/** 123456 → "1234.56", 5 → "0.05", -1 → "-0.01": the decimal written by integer arithmetic. */
export function centavosToDecimal(centavos: number): string {
  assertCentavos(centavos);
  const abs = Math.abs(centavos);
  const reais = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, "0");
  return `${centavos < 0 ? "-" : ""}${reais}.${cents}`;
}

const BRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/**
 * 123456 → "R$ 1.234,56" (with U+00A0 after "R$", as Intl writes it); -100 → "-R$ 1,00".
 * Intl is handed the exact decimal string, so no float is ever formatted.
 */
export function formatMoney(centavos: number): string {
  return BRL.format(centavosToDecimal(centavos) as Intl.StringNumericLiteral);
}

const INPUT = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 285050 → "2.850,50": what a money field shows for a stored amount (no "R$", ADR 191). */
export function moneyInputValue(centavos: number | null | undefined): string {
  if (centavos == null) return "";
  return INPUT.format(centavosToDecimal(centavos) as Intl.StringNumericLiteral);
}
