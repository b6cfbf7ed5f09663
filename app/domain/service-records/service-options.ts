/**
 * Service records (atendimentos): the fixed lists, labels, transitions and the message catalogue
 * (the original's section 8, verbatim where it has one). Pure and client-safe: the form, the
 * list, the detail and the use cases read the same strings. The sectors themselves, and which
 * of them a role reads and opens records in, are authorisation rules: ~/auth/scopes.
 */
import type { ServiceSector } from "~/auth/scopes";

export const SECTOR_LABELS: Record<ServiceSector, string> = {
  homologacao: "Homologação",
  secretaria: "Secretaria",
  juridico: "Jurídico",
  financeiro: "Financeiro",
  presidencia: "Presidência",
};

export const SERVICE_STATUSES = ["pending", "in_progress", "resolved", "closed", "cancelled"] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];
export const STATUS_LABELS: Record<ServiceStatus, string> = {
  pending: "Pendente",
  in_progress: "Em Andamento",
  resolved: "Resolvido",
  closed: "Fechado",
  cancelled: "Cancelado",
};
export const OPEN_STATUSES: readonly ServiceStatus[] = ["pending", "in_progress"];

export const PRIORITIES = ["baixa", "media", "alta", "urgente"] as const;
export type Priority = (typeof PRIORITIES)[number];
export const PRIORITY_LABELS: Record<Priority, string> = { baixa: "Baixa", media: "Média", alta: "Alta", urgente: "Urgente" };
/** Business days to the due date, by priority (ADR 134). */
export const PRIORITY_BUSINESS_DAYS: Record<Priority, number> = { urgente: 1, alta: 3, media: 7, baixa: 15 };

export const RECORD_TYPES = ["atendimento_geral", "denuncia_identificada", "denuncia_anonima"] as const;
export type RecordType = (typeof RECORD_TYPES)[number];
export const RECORD_TYPE_LABELS: Record<RecordType, string> = {
  atendimento_geral: "Atendimento Geral",
  denuncia_identificada: "Denúncia Identificada",
  denuncia_anonima: "Denúncia Anônima",
};
export const ANONYMOUS_NAME = "Denúncia Anônima";
export const UNASSIGNED = "Responsável não definido";
export const OTHER_TYPE = "Outros";

/** The service types each sector handles, each list ending with 'Outros' (ADR 131). */
export const SERVICE_TYPES: Record<ServiceSector, readonly string[]> = {
  homologacao: [
    "Homologação de rescisão",
    "Conferência de cálculos rescisórios",
    "Orientação sobre verbas rescisórias",
    "Seguro-desemprego e FGTS",
    "Rescisão por acordo (art. 484-A da CLT)",
    OTHER_TYPE,
  ],
  secretaria: [
    "Filiação",
    "Atualização cadastral",
    "Desfiliação",
    "Declaração de filiação",
    "Carteirinha do associado",
    "Agendamento de atendimento",
    "Informações gerais",
    OTHER_TYPE,
  ],
  juridico: [
    "Consulta trabalhista",
    "Reclamação trabalhista",
    "Acompanhamento de processo",
    "Horas extras e adicionais (periculosidade, noturno)",
    "Assédio moral ou sexual",
    "Acidente de trabalho",
    "Previdenciário (INSS)",
    OTHER_TYPE,
  ],
  financeiro: ["Mensalidade sindical", "Segunda via de boleto", "Reembolso", "Negociação de débito", "Prestação de contas", OTHER_TYPE],
  presidencia: [
    "Audiência com a presidência",
    "Negociação coletiva",
    "Denúncia contra empresa",
    "Representação institucional",
    "Mediação de conflito",
    OTHER_TYPE,
  ],
};

/** The list's quick actions (the original's section 4). */
export const LIST_ACTIONS: ReadonlyArray<{ from: ServiceStatus; to: ServiceStatus; label: string }> = [
  { from: "pending", to: "in_progress", label: "Iniciar" },
  { from: "in_progress", to: "pending", label: "Pausar" },
  { from: "in_progress", to: "resolved", label: "Resolver" },
  { from: "resolved", to: "in_progress", label: "Reabrir" },
];
/** The detail's quick actions. */
export const DETAIL_ACTIONS: ReadonlyArray<{ from: ServiceStatus; to: ServiceStatus; label: string }> = [
  { from: "pending", to: "in_progress", label: "Iniciar" },
  { from: "pending", to: "resolved", label: "Resolver" },
  { from: "pending", to: "cancelled", label: "Cancelar" },
  { from: "in_progress", to: "pending", label: "Pausar" },
  { from: "in_progress", to: "resolved", label: "Resolver" },
  { from: "in_progress", to: "cancelled", label: "Cancelar" },
  { from: "resolved", to: "closed", label: "Fechar" },
  { from: "closed", to: "in_progress", label: "Reabrir" },
];
export type ActionScreen = "list" | "detail";
export function quickActions(screen: ActionScreen, from: string) {
  return (screen === "list" ? LIST_ACTIONS : DETAIL_ACTIONS).filter((a) => a.from === from);
}
export function isAllowedTransition(screen: ActionScreen, from: string, to: string) {
  return quickActions(screen, from).some((a) => a.to === to);
}

export const SERVICE_MESSAGES = {
  created: (protocol: string) => `Atendimento registrado com sucesso! Protocolo: ${protocol}`,
  createError: "Erro inesperado ao registrar atendimento",
  protocolBusy:
    "Muitos atendimentos registrados ao mesmo tempo: não há número de protocolo livre agora. Aguarde alguns segundos e tente novamente.",
  invalidForm: "Por favor, corrija os erros no formulário",
  loadError: "Erro ao carregar atendimentos",
  detailLoadError: "Erro ao carregar chamado",
  notFound: "Chamado não encontrado",
  forbidden: "Você não tem permissão para acessar este chamado",
  statusError: "Erro ao atualizar status",
  statusUpdated: (responsible: string, label: string) => `${responsible} - Status atualizado para ${label}`,
  sameStatus: (label: string) => `O status já está definido como ${label}`,
  transitionRefused: (from: string, to: string) => `Não é possível passar de ${from} para ${to} por esta ação.`,
  listRequired: "Preencha todos os campos obrigatórios",
  selectResponsible: "Por favor, selecione um responsável antes de continuar.",
  changeCommentRequired: "Comentário sobre a alteração é obrigatório!",
  commentEmpty: "Digite um comentário antes de continuar!",
  commentBoth: "Responsável e comentário são obrigatórios!",
  commentAdded: (responsible: string) => `Comentário adicionado por ${responsible}!`,
  commentError: "Erro ao adicionar comentário",
  saved: "Chamado atualizado com sucesso!",
  saveError: "Erro ao salvar alterações",
  empty: "Nenhum atendimento encontrado",
  responsibleInvalid: "Escolha um responsável do setor deste atendimento.",
  // Assignment (issue 22 §1, ADR 257).
  assigned: (name: string) => `Atendimento atribuído a ${name}.`,
  taken: "Você assumiu este atendimento.",
  alreadyResponsible: (name: string) => `${name} já é o responsável por este atendimento.`,
  takeRefused: "Só a equipe do setor deste atendimento pode assumi-lo.",
  assignError: "Erro ao atribuir o atendimento",
  /** The history line of a change of responsible. */
  responsibleChanged: (from: string | null, to: string) => `responsável: ${from ?? "não definido"} → ${to}`,
  // The requester's CPF on the detail (ADR 183): masked, the whole number on request, audited.
  revealCpf: "Ver CPF completo",
  cpfRevealed: "CPF completo exibido. A visualização foi registrada na auditoria.",
  cpfRevealError: "Não foi possível exibir o CPF completo. Tente novamente.",
  noCpf: "Este atendimento não tem CPF registrado.",
  /** Creating a record with a CPF counts as a member look-up (ADR 183). */
  lookupLimited: "Muitas consultas de CPF em pouco tempo. Aguarde um minuto e registre o atendimento novamente.",
  companyLimited: "Muitas consultas de CNPJ em pouco tempo. Aguarde um minuto e tente novamente.",
  // Lookups (the original's catalogue).
  companyLoaded: "Dados da empresa carregados automaticamente!",
  companyNotFound: "Empresa não encontrada. Preencha os dados manualmente.",
  companyError: "Erro ao buscar dados da empresa",
  companyUnexpected: "Erro inesperado ao buscar empresa",
  memberFound: (name: string) => `Associado encontrado: ${name}`,
  memberNotFound: "Associado não encontrado com este CPF",
  memberError: "Erro ao buscar dados do associado",
  memberUnreachable: "Erro ao buscar associado",
  memberUnexpected: "Erro ao verificar status de filiação",
  memberLimited: "Muitas consultas de CPF em pouco tempo: aguarde um minuto para consultar de novo",
  /** After a failed look-up (ADR 137): the form does not depend on it. */
  lookupManual: "Preencha os dados manualmente; o atendimento pode ser salvo normalmente.",
} as const;

export const SERVICE_LIMITS = {
  description: 500,
  descriptionMin: 10,
  name: 160,
  additionalInfo: 2000,
  comment: 2000,
  otherType: 120,
} as const;

/** How a comment the requester sent from the member area is headed in the history (ADR 274). */
export const MEMBER_AREA_AUTHOR = "Solicitante (Área do Filiado)";
