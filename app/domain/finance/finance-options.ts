/**
 * Finance (issue 11): the words and choices the screen and the use cases share. Pure: the
 * browser bundle imports it.
 */
/** The ways a charge is paid (the original's four), stored as these words. */
export const PAYMENT_METHODS = ["boleto", "pix", "cartao", "dinheiro"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export type ChargeStatus = "paid" | "pending" | "overdue";

export const CHARGE_STATUS_LABELS: Record<ChargeStatus, string> = {
  paid: "Pago",
  pending: "Pendente",
  overdue: "Vencido",
};

/** The original's filters: all, paid, pending, overdue, this month, previous month. */
export const CHARGE_FILTERS = {
  all: "Todos",
  paid: "Pagos",
  pending: "Pendentes",
  overdue: "Vencidos",
  "this-month": "Este mês",
  "previous-month": "Mês anterior",
} as const;
export type ChargeFilter = keyof typeof CHARGE_FILTERS;

export function isChargeFilter(value: unknown): value is ChargeFilter {
  return typeof value === "string" && Object.hasOwn(CHARGE_FILTERS, value);
}

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  boleto: "Boleto",
  pix: "PIX",
  cartao: "Cartão",
  dinheiro: "Dinheiro",
};

export const MONTH_NAMES = [
  "Janeiro",
  "Fevereiro",
  "Março",
  "Abril",
  "Maio",
  "Junho",
  "Julho",
  "Agosto",
  "Setembro",
  "Outubro",
  "Novembro",
  "Dezembro",
] as const;

/** "03/2026": a charge's reference month as the screen and the CSVs write it. */
export function referenceLabel(month: number, year: number) {
  return `${String(month).padStart(2, "0")}/${year}`;
}

export const CHARGES_PAGE_SIZE = 20;

/** The most members the finance member search answers with (issue 19 item 6, ADR 215). */
export const FINANCE_MEMBER_LIMIT = 10;

export const FINANCE_MESSAGES = {
  issued: "Boleto gerado com sucesso!",
  duplicate: (month: number, year: number) =>
    `Este filiado já tem uma cobrança para ${referenceLabel(month, year)}. Não é possível cobrar o mesmo mês duas vezes.`,
  memberRequired: "Selecione o filiado.",
  memberNotFound: "Filiado não encontrado.",
  memberAnonymized: "Este filiado foi anonimizado e não pode receber cobranças.",
  chargeNotFound: "Cobrança não encontrada.",
  monthInvalid: "Selecione um mês entre 01 e 12.",
  yearInvalid: "Informe um ano entre 2000 e 2100.",
  dueDateInvalid: "Informe uma data de vencimento válida.",
  paidOnInvalid: "Informe uma data de pagamento válida.",
  paidOnFuture: "A data de pagamento não pode ser no futuro.",
  paidOnBeforeCharge: (earliest: string) => `A data de pagamento não pode ser anterior a ${earliest}, o início do ano da cobrança.`,
  excessUnconfirmed: (paid: string, charge: string, excess: string) =>
    `O valor pago (${paid}) é maior que o da cobrança (${charge}): ${excess} a mais. Confira o valor e marque “Confirmo o valor pago a maior” para registrar.`,
  excessConfirmLabel: (excess: string) => `Confirmo o valor pago a maior (${excess} acima da cobrança).`,
  methodInvalid: "Selecione a forma de pagamento: boleto, PIX, cartão ou dinheiro.",
  noteTooLong: "A observação pode ter no máximo 500 caracteres.",
  alreadyPaid: "Esta cobrança já está paga.",
  partial: (amount: string) => `O valor pago é menor que o valor da cobrança (${amount}). Pagamentos parciais não são aceitos.`,
  paymentRegistered: "Pagamento registrado com sucesso!",
  paymentRegisteredExcess: (excess: string) => `Pagamento registrado com sucesso! Atenção: valor pago a maior em ${excess}.`,
  paymentNotFound: "Pagamento não encontrado.",
  alreadyUndone: "Este pagamento já foi desfeito.",
  undoTooLate: "Só é possível desfazer um pagamento no mesmo dia em que foi registrado. Procure o administrador para corrigir.",
  undone: "Pagamento desfeito.",
  batchQueued: "Geração das cobranças do mês iniciada.",
  batchRunning: "Já existe uma geração de cobranças em andamento. Aguarde terminar.",
  batchNothing: "Todos os filiados ativos já têm cobrança para este mês. Nada a gerar.",
  periodInvalid: "Informe um período válido (data inicial até a final, no máximo 5 anos).",
} as const;
