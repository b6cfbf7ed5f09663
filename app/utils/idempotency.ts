/** The create forms' idempotency key (issue 19 §8, ADR 196): the field, its shape, the messages. */
export const IDEMPOTENCY_FIELD = "idempotencyKey";
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9-]{16,64}$/;

export const IDEMPOTENCY_MESSAGES = {
  invalid: "Envio inválido. Recarregue a página e envie o formulário de novo.",
  otherForm: "Este envio pertence a outro formulário. Recarregue a página e envie de novo.",
  stillRunning: "Este envio ainda está sendo processado. Confira a lista antes de enviar de novo.",
} as const;

/** A new key: a random UUID (any browser this app supports has crypto.getRandomValues). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
