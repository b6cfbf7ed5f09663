/** The member's dues pages' messages (issue 23 §2). Client-safe. */
export const DUES_MESSAGES = {
  receiptNotFound: "Recibo não encontrado. Só há recibo de mensalidade paga.",
  pixMissing: "O pagamento por PIX ainda não está disponível. Fale com o sindicato para pagar esta mensalidade.",
} as const;
