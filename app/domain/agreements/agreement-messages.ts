import { MB } from "~/domain/files/file-types";

/**
 * Collective agreements (convenções coletivas): the original's message catalogue, labels, limits
 * and small pure helpers. No Zod here, so the public page's bundle stays small; the form schema
 * lives in agreement.schema.ts and re-exports all of this.
 */
export const AGREEMENT_MESSAGES = {
  loadError: "Erro ao carregar convenções",
  saveError: "Erro ao salvar convenção",
  deleteError: "Erro ao excluir convenção",
  created: "Convenção criada com sucesso!",
  updated: "Convenção atualizada com sucesso!",
  deleted: "Convenção excluída com sucesso!",
  confirmDelete: "Tem certeza que deseja excluir esta convenção?",
  publicEmpty: "Nenhuma convenção disponível no momento.",
  publicFilteredEmpty: "Nenhuma convenção encontrada com os filtros selecionados.",
  staffSearchEmpty: "Nenhuma convenção encontrada",
  staffEmpty: "Nenhuma convenção cadastrada",
  // Ours, where the original is silent.
  pdfOnly: "O documento deve ser um arquivo PDF.",
  notFound: "Convenção não encontrada.",
  titleRequired: "Título é obrigatório.",
  descriptionRequired: "Descrição é obrigatória.",
  companyRequired: "Empresa é obrigatória.",
  validFromRequired: "Data de início da vigência é obrigatória.",
  validToRequired: "Data de fim da vigência é obrigatória.",
  invalidDate: "Data inválida.",
  dateOrder: "A data de fim da vigência deve ser igual ou posterior à data de início.",
} as const;

/** 'Exibindo X de Y convenções' */
export function showingCount(shown: number, total: number) {
  return `Exibindo ${shown} de ${total} convenções`;
}

/** Agreement PDFs may be up to 20 MB (scanned agreements run to a few MB; see ADR 010). */
export const AGREEMENT_MAX_FILE_MB = 20;
export const AGREEMENT_MAX_FILE_BYTES = AGREEMENT_MAX_FILE_MB * MB;

export const AGREEMENT_STATUSES = ["active", "expired", "draft"] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

export const STATUS_LABELS: Record<AgreementStatus, string> = {
  active: "Vigente",
  expired: "Expirada",
  draft: "Rascunho",
};

/** An active agreement whose validity has not started yet (ADR 094). */
export const UPCOMING_LABEL = "A vigorar";

export const VISIBILITY_LABELS = { public: "Público", internal: "Interno" } as const;

export const LIMITS = { title: 200, company: 200, description: 4000 } as const;

/**
 * Status from the end date: expired when validTo is before today (a Brasília calendar date,
 * YYYY-MM-DD), else active. An agreement is in force through its last day.
 */
export function statusFromValidTo(validTo: string, today: string): Exclude<AgreementStatus, "draft"> {
  return validTo < today ? "expired" : "active";
}

/** The download name: the stored file name, else the title plus .pdf (original, section 2). */
export function downloadNameFor(agreement: { fileName: string | null; title: string }) {
  if (agreement.fileName) return agreement.fileName;
  const base = agreement.title.replace(/[\u0000-\u001f\u007f\\/:*?"<>|]+/g, "-").trim() || "convencao";
  return `${base}.pdf`;
}

export function pdfHref(id: string) {
  return `/convencoes/${id}/pdf`;
}

export function formatFileSize(bytes: number | null | undefined) {
  if (!bytes) return "";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / MB).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB`;
}

/** The list's situation filter (?situacao=): what the panel's "Convenções Ativas" card opens. */
export const AGREEMENT_FILTERS = {
  todas: "Todas",
  vigentes: "Ativas",
  expiradas: "Expiradas",
  rascunhos: "Rascunhos",
} as const;
export type AgreementFilter = keyof typeof AGREEMENT_FILTERS;

export function readAgreementFilter(v: string | null): AgreementFilter {
  return v && v in AGREEMENT_FILTERS ? (v as AgreementFilter) : "todas";
}
