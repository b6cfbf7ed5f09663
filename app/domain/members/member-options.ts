/**
 * The coded values of a member (original-spec sections 3, 4 and 9). Pure data, client-safe.
 */

/** The largest registration number (matrícula) a member may have: PostgreSQL's integer. */
export const MAX_REGISTRATION_NUMBER = 2_147_483_647;

/** Situação codes and their labels, verbatim from the original. */
export const SITUATIONS = [
  { code: 1, label: "ATIVO(A)" },
  { code: 2, label: "DESEMPREGADO(A)" },
  { code: 3, label: "APOSENTADO(A)" },
  { code: 4, label: "AFASTADO(A) PELO INSS" },
  { code: 10, label: "CANCELADO(A)" },
] as const;
export type SituationCode = (typeof SITUATIONS)[number]["code"];
export const SITUATION_CODES = SITUATIONS.map((s) => s.code) as SituationCode[];
export const SITUATION_LABELS: Record<string, string> = Object.fromEntries(SITUATIONS.map((s) => [String(s.code), s.label]));

export function isSituationCode(value: unknown): value is SituationCode {
  return typeof value === "number" && (SITUATION_CODES as number[]).includes(value);
}

/** The list's tabs: all, active (situação 1), inactive (2, 3, 10). */
export const MEMBER_TABS = {
  todos: { label: "Todos", situations: null },
  ativos: { label: "Ativos", situations: [1] },
  inativos: { label: "Inativos", situations: [2, 3, 10] },
} as const satisfies Record<string, { label: string; situations: readonly SituationCode[] | null }>;
export type MemberTab = keyof typeof MEMBER_TABS;

export function isMemberTab(value: unknown): value is MemberTab {
  return typeof value === "string" && Object.hasOwn(MEMBER_TABS, value);
}

/** The status text a situação implies for new and edited records (the original's 'ativo'…). */
export const STATUS_FOR_SITUATION: Record<SituationCode, string> = {
  1: "ativo",
  2: "inativo",
  3: "inativo",
  4: "afastado",
  10: "cancelado",
};

/** The original's status texts as a member reads them (the raw code is lower case). */
export const STATUS_TEXT_LABELS: Record<string, string> = {
  ativo: "Ativo",
  inativo: "Inativo",
  cancelado: "Cancelado",
  afastado: "Afastado",
  atrasado: "Atrasado",
};

/**
 * The status text worth showing beside the situação: none when it only repeats what the situação
 * implies ('ativo' beside ATIVO(A)), else its label (an unknown text as stored).
 */
export function statusBesideSituation(member: { situation: number | null; status: string | null }): string | null {
  const status = (member.status ?? "").trim().toLowerCase();
  if (!status) return null;
  if (isSituationCode(member.situation) && STATUS_FOR_SITUATION[member.situation] === status) return null;
  return STATUS_TEXT_LABELS[status] ?? member.status;
}

/**
 * Derived payment status, exactly as the original's section 4: situação 1 active; 2 or 3
 * inactive; 4 late; 10 inactive; otherwise the status text: 'inativo' or 'cancelado' inactive,
 * 'afastado' or 'atrasado' late, else active.
 */
export type PaymentStatus = "active" | "late" | "inactive";

export function paymentStatus(member: { situation: number | null; status: string | null }): PaymentStatus {
  switch (member.situation) {
    case 1:
      return "active";
    case 2:
    case 3:
    case 10:
      return "inactive";
    case 4:
      return "late";
  }
  const status = (member.status ?? "").trim().toLowerCase();
  if (status === "inativo" || status === "cancelado") return "inactive";
  if (status === "afastado" || status === "atrasado") return "late";
  return "active";
}

/** Badge: active Ativo, late Afastado, else Inativo. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = { active: "Ativo", late: "Afastado", inactive: "Inativo" };

/** Opening the edit dialog maps active to 1, late to 4, else 2 (when the record has no situação). */
export function situationForEdit(member: { situation: number | null; status: string | null }): SituationCode {
  if (isSituationCode(member.situation)) return member.situation;
  const p = paymentStatus(member);
  return p === "active" ? 1 : p === "late" ? 4 : 2;
}

/** The 35 administrative regions (Regiões Administrativas) of the Federal District. */
export const DF_REGIONS = [
  "Plano Piloto",
  "Gama",
  "Taguatinga",
  "Brazlândia",
  "Sobradinho",
  "Planaltina",
  "Paranoá",
  "Núcleo Bandeirante",
  "Ceilândia",
  "Guará",
  "Cruzeiro",
  "Samambaia",
  "Santa Maria",
  "São Sebastião",
  "Recanto das Emas",
  "Lago Sul",
  "Riacho Fundo",
  "Lago Norte",
  "Candangolândia",
  "Águas Claras",
  "Riacho Fundo II",
  "Sudoeste/Octogonal",
  "Varjão",
  "Park Way",
  "SCIA/Estrutural",
  "Sobradinho II",
  "Jardim Botânico",
  "Itapoã",
  "SIA",
  "Vicente Pires",
  "Fercal",
  "Sol Nascente/Pôr do Sol",
  "Arniqueira",
  "Arapoanga",
  "Água Quente",
] as const;
export type DfRegion = (typeof DF_REGIONS)[number];

/** Sexo: the form's options; imported values outside them are kept as written. */
export const GENDERS = ["Feminino", "Masculino", "Outro", "Prefiro não informar"] as const;

/** The 27 federative units, for the state field. */
export const STATES = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SP",
  "SE",
  "TO",
] as const;

/** pt-BR names of a member's fields, for the history of changes. */
export const MEMBER_FIELD_LABELS: Record<string, string> = {
  name: "nome",
  email: "e-mail",
  mobilePhone: "telefone",
  homePhone: "telefone residencial",
  address: "endereço",
  city: "cidade",
  state: "UF",
  cep: "CEP",
  region: "região",
  workplaceName: "local de trabalho",
  situation: "situação",
  status: "status",
  notes: "observação",
  cpf: "CPF",
  birthDate: "data de nascimento",
  gender: "sexo",
  registrationNumber: "matrícula",
  paymentStatus: "pagamento",
  workplaceId: "local de trabalho",
};
