import { getPixKeyInfo, type PixKeyType } from "@brazilian-utils/brazilian-utils/get-pix-key-info";
import { MAX_CENTAVOS, centavosToDecimal } from "./money";

/**
 * Static PIX BR Code ("PIX copia e cola") for a charge (issue 11, ADR 151), built per the
 * Banco Central's "Manual de Padrões para Iniciação do Pix" (EMV QRCPS-MPM, TLV fields):
 *
 *   00 "01" · 26 { 00 "br.gov.bcb.pix" · 01 key } · 52 "0000" · 53 "986" · 54 amount ·
 *   58 "BR" · 59 receiver name (≤ 25) · 60 city (≤ 15) · 62 { 05 txid (≤ 25) } ·
 *   63 CRC16-CCITT (poly 0x1021, init 0xFFFF) over everything before it, "6304" included.
 *
 * Every value is printable ASCII, so TLV lengths count characters and bytes alike. The key
 * is recognised and written in its DICT form by @brazilian-utils/brazilian-utils (the same
 * library as the CPF/CNPJ checks, ADR 075). Pure: safe in the browser and on the server.
 */

export type { PixKeyType };

export const PIX_GUI = "br.gov.bcb.pix";

export const PIX_LIMITS = { receiverName: 25, city: 15, txid: 25 } as const;

/** The txid of a code that identifies no particular charge, per the manual. */
export const NO_TXID = "***";

export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  cpf: "CPF",
  cnpj: "CNPJ",
  email: "E-mail",
  phone: "Celular",
  evp: "Chave aleatória",
};

export const PIX_MESSAGES = {
  keyRequired: "Informe a chave PIX.",
  keyInvalid: "Chave PIX inválida. Use um CPF ou CNPJ válido, um e-mail, um celular com DDD (+55 61 91234-5678) ou uma chave aleatória.",
  receiverNameRequired: "Informe o nome do recebedor do PIX (com letras ou números).",
  cityRequired: "Informe a cidade do recebedor do PIX (com letras ou números).",
  amountInvalid: "O valor do PIX deve ser de R$ 0,01 a R$ 99.999.999,99.",
  txidInvalid: "Identificador (txid) do PIX inválido: use de 1 a 25 letras sem acento ou números.",
  chargeIdInvalid: "Identificador de cobrança inválido para o PIX.",
} as const;

/** A configuration or argument the code cannot be built from; `message` is pt-BR for the screen. */
export class PixError extends Error {
  override name = "PixError";
}

export type PixKey = { type: PixKeyType; value: string };

/**
 * The key as the DICT writes it, or null: CPF (11 digits, check digits), CNPJ (14
 * characters, numeric or alphanumeric, check digits), e-mail (lower case, ≤ 77), mobile phone
 * (+55, DDD, 9 digits; masks and a missing +55 are accepted) or random key (lower-case UUID).
 */
export function parsePixKey(input: string): PixKey | null {
  return getPixKeyInfo(input);
}

/** Why `input` is not a PIX key (the message to show), or null when it is one. */
export function pixKeyProblem(input: string): string | null {
  if (input.trim() === "") return PIX_MESSAGES.keyRequired;
  return parsePixKey(input) ? null : PIX_MESSAGES.keyInvalid;
}

/**
 * A receiver name or city as banks expect it: accents removed (compatibility decomposition,
 * combining marks dropped: "São João" → "Sao Joao", "ﬁ" → "fi"), only letters, digits, space
 * and . , - / & kept (anything else becomes a space), spaces collapsed, then cut to `max`
 * characters. Case is kept, as in the manual's own example ("Fulano de Tal"). The result is
 * ASCII, so the cut never splits a character.
 */
export function pixText(value: string, max: number): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^A-Za-z0-9 .,\-/&]/g, " ")
    .replace(/ +/g, " ")
    .trim()
    .slice(0, max)
    .trimEnd();
}

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const TXID = /^[A-Za-z0-9]{1,25}$/;
const BASE36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * The txid of a charge: its UUID (128 bits) written in base 36, upper case, 25 characters —
 * exactly the most a static code carries. One charge, one txid, and back again
 * (`chargeIdFromTxid`), so a bank statement's txid leads straight to its charge.
 */
export function txidForCharge(chargeId: string): string {
  if (!UUID.test(chargeId)) throw new PixError(PIX_MESSAGES.chargeIdInvalid);
  return BigInt(`0x${chargeId.replace(/-/g, "")}`)
    .toString(36)
    .toUpperCase()
    .padStart(PIX_LIMITS.txid, "0");
}

const MAX_UUID = (1n << 128n) - 1n;

/** The charge id (lower-case UUID) a txid of `txidForCharge` stands for, or null for any other text. */
export function chargeIdFromTxid(txid: string): string | null {
  if (!/^[0-9A-Za-z]{25}$/.test(txid)) return null;
  let n = 0n;
  for (const ch of txid.toUpperCase()) n = n * 36n + BigInt(BASE36.indexOf(ch));
  if (n > MAX_UUID) return null;
  const hex = n.toString(16).padStart(32, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR), 4 upper-case hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** One EMV data object: 2-digit id, 2-digit length, value (1 to 99 printable ASCII characters). */
function tlv(id: string, value: string): string {
  if (!/^[\x20-\x7E]{1,99}$/.test(value)) throw new PixError(`Campo ${id} do PIX fora do padrão.`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

export type BrCodeInput = {
  /** The receiver's PIX key, in any form `parsePixKey` accepts. */
  key: string;
  receiverName: string;
  city: string;
  /** The exact amount in centavos; absent → the payer types it. */
  amountCentavos?: number;
  /** 1 to 25 letters or digits (see `txidForCharge`); absent → "***". */
  txid?: string;
};

/** The BR Code text. Throws PixError (pt-BR message) for a bad key, name, city, amount or txid. */
export function buildBrCode(input: BrCodeInput): string {
  const key = parsePixKey(input.key);
  if (!key) throw new PixError(input.key.trim() ? PIX_MESSAGES.keyInvalid : PIX_MESSAGES.keyRequired);
  const name = pixText(input.receiverName, PIX_LIMITS.receiverName);
  if (!name) throw new PixError(PIX_MESSAGES.receiverNameRequired);
  const city = pixText(input.city, PIX_LIMITS.city);
  if (!city) throw new PixError(PIX_MESSAGES.cityRequired);
  const amount = input.amountCentavos;
  if (amount !== undefined && !(Number.isSafeInteger(amount) && amount >= 1 && amount <= MAX_CENTAVOS)) {
    throw new PixError(PIX_MESSAGES.amountInvalid);
  }
  const txid = input.txid ?? NO_TXID;
  if (txid !== NO_TXID && !TXID.test(txid)) throw new PixError(PIX_MESSAGES.txidInvalid);

  const body = [
    tlv("00", "01"),
    tlv("26", tlv("00", PIX_GUI) + tlv("01", key.value)),
    tlv("52", "0000"),
    tlv("53", "986"),
    amount === undefined ? "" : tlv("54", centavosToDecimal(amount)),
    tlv("58", "BR"),
    tlv("59", name),
    tlv("60", city),
    tlv("62", tlv("05", txid)),
    "6304",
  ].join("");
  return body + crc16(body);
}
