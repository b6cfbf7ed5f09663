/**
 * The service form's schema, the sector blocks' schemas and the staff actions' schemas. The
 * page and the action read the same rules (the server re-validates everything).
 */
import { z } from "zod";
import { cnpjField, optionalCpfField, optionalPhoneField } from "~/lib/br/fields";
import { moneyField, optionalMoneyField } from "~/lib/money-field";
import { PAYMENT_METHOD_LABELS } from "~/domain/finance/finance-options";
import {
  checkboxField,
  choiceField,
  dateField,
  idField,
  nullableText,
  optionalDateField,
  requiredText,
  safeString,
  WHOLE_FORM,
} from "~/utils/fields";
import {
  ANONYMOUS_NAME,
  OTHER_TYPE,
  PRIORITIES,
  RECORD_TYPES,
  SERVICE_LIMITS,
  SERVICE_MESSAGES,
  SERVICE_STATUSES,
  SERVICE_TYPES,
} from "./service-options";
import { SERVICE_SECTORS, type ServiceSector } from "~/auth/scopes";

export const FIELD_MESSAGES = {
  sector: "Setor é obrigatório",
  recordType: "Tipo de registro inválido",
  name: "Nome do solicitante é obrigatório",
  nameTooLong: `Nome muito longo (máximo ${SERVICE_LIMITS.name} caracteres).`,
  cpf: "CPF do solicitante é obrigatório",
  email: "Informe um e-mail válido, como nome@exemplo.com.",
  serviceType: "Tipo de atendimento é obrigatório",
  otherType: "Especifique o tipo de atendimento",
  priority: "Prioridade inválida",
  description: "Descrição é obrigatória",
  descriptionShort: `A descrição deve ter pelo menos ${SERVICE_LIMITS.descriptionMin} caracteres`,
  descriptionLong: `A descrição deve ter no máximo ${SERVICE_LIMITS.description} caracteres`,
  tooLong: "Texto muito longo.",
  required: "Campo obrigatório",
  date: "Informe uma data válida",
  time: "Informe um horário válido",
  dateOrder: "A data de desligamento não pode ser anterior à admissão",
} as const;
const M = FIELD_MESSAGES;

/** The record's description and additional information, as the create and edit forms write them. */
const describedFields = {
  description: requiredText(M.description, {
    min: SERVICE_LIMITS.descriptionMin,
    tooShort: M.descriptionShort,
    max: SERVICE_LIMITS.description,
    tooLong: M.descriptionLong,
    multiline: true,
  }),
  additionalInfo: nullableText({ max: SERVICE_LIMITS.additionalInfo, tooLong: M.tooLong, multiline: true }),
};

/** The requester's e-mail: optional, lower case, null when blank. */
const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .transform((v) => (v ? v : null))
  .pipe(z.email(M.email).max(254, M.email).nullable());

// --- Sector blocks -------------------------------------------------------------------------

export const RESCISSION_TYPES = {
  pedido_demissao: "Pedido de demissão",
  dispensa_sem_justa_causa: "Dispensa sem justa causa",
  dispensa_justa_causa: "Dispensa por justa causa",
  acordo_mutuo: "Acordo mútuo",
} as const;
export const SECRETARIA_REQUESTS = {
  agendamento: "Agendamento",
  informacao: "Informação",
  documento: "Documento",
  protocolo: "Protocolo",
} as const;
export const SECRETARIA_MEETINGS = { presencial: "Presencial", virtual: "Virtual", telefone: "Telefone" } as const;
export const SECRETARIA_URGENCY = { normal: "Normal", urgente: "Urgente" } as const;
export const CASE_TYPES = {
  trabalhista: "Trabalhista",
  previdenciario: "Previdenciário",
  civil: "Civil",
  administrativo: "Administrativo",
} as const;
export const FINANCE_REQUESTS = {
  contribuicao: "Contribuição",
  reembolso: "Reembolso",
  prestacao_contas: "Prestação de contas",
  orcamento: "Orçamento",
} as const;
export const MEMBERSHIP_STATUS = { ativo: "Ativo", inativo: "Inativo", pendente: "Pendente" } as const;
export const PRESIDENCY_REQUESTS = {
  audiencia: "Audiência",
  decisao: "Decisão",
  aprovacao: "Aprovação",
  representacao: "Representação",
} as const;
export const URGENCY_LEVELS = { imediata: "Imediata", alta: "Alta", media: "Média", baixa: "Baixa" } as const;
export const PRESIDENCY_MEETINGS = {
  individual: "Individual",
  diretoria: "Diretoria",
  assembleia: "Assembleia",
  externa: "Externa",
} as const;

const keys = <T extends Record<string, string>>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];
const choice = <T extends Record<string, string>>(o: T) => choiceField(keys(o), M.required);
const optionalChoice = <T extends Record<string, string>>(o: T) =>
  z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.enum(keys(o), M.required).optional());
const text = (max = 300) => nullableText({ max, tooLong: M.tooLong });
const longText = () => nullableText({ max: 2000, tooLong: M.tooLong, multiline: true });
const reqText = (max = 300) => requiredText(M.required, { max, tooLong: M.tooLong });
const date = () => dateField(M.required, M.date);
const optionalDate = () => optionalDateField(M.date);
const time = () =>
  z
    .string(M.required)
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.time);
const cnpjRequired = () => cnpjField({ required: M.required });

/** Homologação (and RH): the rescission being checked. */
const homologacaoSchema = z
  .object({
    rescissionType: choice(RESCISSION_TYPES),
    cnpj: cnpjRequired(),
    companyName: reqText(200),
    workStartDate: date(),
    workEndDate: date(),
    lastSalary: optionalMoneyField(),
    hasUnionMember: checkboxField,
  })
  .refine((v) => !v.workStartDate || !v.workEndDate || v.workEndDate >= v.workStartDate, {
    message: M.dateOrder,
    path: ["workEndDate"],
    ...WHOLE_FORM,
  });

const secretariaSchema = z.discriminatedUnion(
  "requestType",
  [
    z.object({
      requestType: z.literal("agendamento"),
      appointmentDate: date(),
      appointmentTime: time(),
      meetingType: choice(SECRETARIA_MEETINGS),
      urgency: optionalChoice(SECRETARIA_URGENCY),
    }),
    z.object({ requestType: z.literal("documento"), documentType: reqText(120), urgency: optionalChoice(SECRETARIA_URGENCY) }),
    z.object({ requestType: z.enum(["informacao", "protocolo"]), urgency: optionalChoice(SECRETARIA_URGENCY) }),
  ],
  { error: M.required },
);

const juridicoSchema = z.object({
  caseType: choice(CASE_TYPES),
  company: text(200),
  processNumber: text(40),
  deadlineDate: optionalDate(),
  cctReference: text(200),
  legalBasis: longText(),
  hasLawyer: checkboxField,
});

const paymentFields = {
  amount: moneyField({ required: M.required }),
  period: reqText(40),
  dueDate: date(),
  paymentMethod: choice(PAYMENT_METHOD_LABELS),
};
const financeiroSchema = z.discriminatedUnion(
  "requestType",
  [
    z.object({ requestType: z.literal("contribuicao"), membershipStatus: optionalChoice(MEMBERSHIP_STATUS), ...paymentFields }),
    z.object({
      requestType: z.literal("reembolso"),
      membershipStatus: optionalChoice(MEMBERSHIP_STATUS),
      ...paymentFields,
      invoiceNumber: reqText(60),
    }),
    z.object({ requestType: z.enum(["prestacao_contas", "orcamento"]), membershipStatus: optionalChoice(MEMBERSHIP_STATUS) }),
  ],
  { error: M.required },
);

const presidenciaBase = {
  urgencyLevel: choice(URGENCY_LEVELS),
  deadline: optionalDate(),
  stakeholders: text(300),
  decisionRequired: longText(),
  backgroundInfo: longText(),
};
const presidenciaSchema = z.discriminatedUnion(
  "requestType",
  [
    z.object({ requestType: z.literal("audiencia"), meetingType: choice(PRESIDENCY_MEETINGS), ...presidenciaBase }),
    z.object({ requestType: z.enum(["decisao", "aprovacao", "representacao"]), ...presidenciaBase }),
  ],
  { error: M.required },
);

export const SECTOR_SCHEMAS: Record<ServiceSector, z.ZodType<Record<string, unknown>>> = {
  homologacao: homologacaoSchema,
  secretaria: secretariaSchema,
  juridico: juridicoSchema,
  financeiro: financeiroSchema,
  presidencia: presidenciaSchema,
};

/** Form field names of the sector block carry this prefix ("sd.cnpj"). */
export const SECTOR_FIELD_PREFIX = "sd.";

// --- The unified form -------------------------------------------------------------------------

const optionalId = z
  .string()
  .optional()
  .transform((v) => (v ? v : null))
  .pipe(z.uuid(SERVICE_MESSAGES.responsibleInvalid).nullable());

const serviceFormFields = z.object({
  intent: z.literal("create"),
  recordType: choiceField(RECORD_TYPES, M.recordType),
  sector: choiceField(SERVICE_SECTORS, M.sector),
  responsibleId: optionalId,
  requesterCpf: optionalCpfField(),
  requesterName: nullableText({ max: SERVICE_LIMITS.name, tooLong: M.nameTooLong }),
  requesterPhone: optionalPhoneField(),
  requesterEmail: optionalEmail,
  serviceType: requiredText(M.serviceType, { max: 120, tooLong: M.tooLong }),
  priority: choiceField(PRIORITIES, M.priority),
  otherType: nullableText({ max: SERVICE_LIMITS.otherType, tooLong: M.tooLong }),
  ...describedFields,
  sectorData: z.record(z.string(), z.string()).default({}),
});

const blank = (v: unknown) => typeof v !== "string" || v.trim() === "";

/**
 * The unified form. Every rule runs on every submit (ADR 190): the fields' own checks and the
 * cross-field ones (name and CPF unless anonymous, the sector's service types, 'Outros' to be
 * specified, the sector block) are all reported at once. The cross-field rules read the raw
 * input, so a field that failed its own check never hides another's error (Zod skips an
 * object's refinements after an aborting issue, even with `when`).
 */
export const serviceFormSchema = z.record(z.string(), z.unknown()).transform((raw, ctx) => {
  let failed = false;
  const fail = (path: string, message: string) => {
    failed = true;
    ctx.addIssue({ code: "custom", message, path: [path] });
  };
  const parsed = serviceFormFields.safeParse(raw);
  if (!parsed.success) for (const issue of parsed.error.issues) fail(issue.path.join(".") || "_form", issue.message);
  const anonymous = raw.recordType === "denuncia_anonima";
  if (!anonymous && blank(raw.requesterName)) fail("requesterName", M.name);
  if (!anonymous && blank(raw.requesterCpf)) fail("requesterCpf", M.cpf);
  const sector = typeof raw.sector === "string" && Object.hasOwn(SERVICE_TYPES, raw.sector) ? (raw.sector as ServiceSector) : null;
  const serviceType = typeof raw.serviceType === "string" ? raw.serviceType.trim() : "";
  if (sector && serviceType && !SERVICE_TYPES[sector].includes(serviceType)) fail("serviceType", M.serviceType);
  if (serviceType === OTHER_TYPE && blank(raw.otherType)) fail("otherType", M.otherType);
  const block = sector ? SECTOR_SCHEMAS[sector].safeParse(raw.sectorData ?? {}) : null;
  if (block && !block.success) {
    for (const issue of block.error.issues) {
      // A missing discriminator is reported on the request type field.
      const field = issue.path.length ? String(issue.path[0]) : "requestType";
      fail(`${SECTOR_FIELD_PREFIX}${field}`, issue.message);
    }
  }
  if (failed || !parsed.success || !block?.success) return z.NEVER;
  const v = parsed.data;
  return {
    ...v,
    // Anonymous: the original's fixed name, and no document, phone, e-mail or member link.
    requesterName: anonymous ? ANONYMOUS_NAME : (v.requesterName ?? ""),
    requesterCpf: anonymous ? null : v.requesterCpf,
    requesterPhone: anonymous ? null : v.requesterPhone,
    requesterEmail: anonymous ? null : v.requesterEmail,
    otherType: v.serviceType === OTHER_TYPE ? v.otherType : null,
    sectorData: block.data,
  };
});
export type ServiceFormInput = z.output<typeof serviceFormSchema>;

/** Builds the schema's input from the posted fields: "sd.x" fields go into sectorData. */
export function serviceFormInput(fields: Record<string, string>) {
  const out: Record<string, unknown> = {};
  const sectorData: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (k.startsWith(SECTOR_FIELD_PREFIX)) sectorData[k.slice(SECTOR_FIELD_PREFIX.length)] = v;
    else out[k] = v;
  }
  out.sectorData = sectorData;
  return out;
}

// --- Staff actions on a record ----------------------------------------------------------------

const comment = (message: string) =>
  safeString(message, true).trim().min(1, { message, abort: true }).max(SERVICE_LIMITS.comment, M.tooLong);
const responsible = (message: string) =>
  z.string(message).trim().min(1, { message, abort: true }).pipe(z.uuid(SERVICE_MESSAGES.responsibleInvalid));
/**
 * The responsible the form showed when the page was loaded (a hidden field beside the select):
 * when the select was left as it was, the record keeps whoever is responsible now, even if that
 * changed since (issue 22 desk trial; see `chosenResponsible`).
 */
const responsibleWas = z.string().trim().max(40).optional();

/** List and detail quick actions: a responsible person and a comment. */
export function statusSchema(screen: "list" | "detail") {
  const missing = screen === "list" ? SERVICE_MESSAGES.listRequired : undefined;
  return z.object({
    intent: z.literal("status"),
    id: idField(SERVICE_MESSAGES.notFound),
    status: choiceField(SERVICE_STATUSES, M.required),
    responsibleId: responsible(missing ?? SERVICE_MESSAGES.selectResponsible),
    responsibleWas,
    comment: comment(missing ?? SERVICE_MESSAGES.changeCommentRequired),
    isPublic: checkboxField,
  });
}

export const commentSchema = z.object({
  intent: z.literal("comment"),
  id: idField(SERVICE_MESSAGES.notFound),
  responsibleId: responsible(SERVICE_MESSAGES.commentBoth),
  responsibleWas,
  comment: comment(SERVICE_MESSAGES.commentEmpty),
  isPublic: checkboxField,
});

/** Edit mode: the original's edited fields; any of the five statuses. */
export const editSchema = z.object({
  intent: z.literal("edit"),
  id: idField(SERVICE_MESSAGES.notFound),
  requesterName: requiredText(M.name, { max: SERVICE_LIMITS.name, tooLong: M.nameTooLong }),
  requesterPhone: optionalPhoneField(),
  requesterEmail: optionalEmail,
  status: choiceField(SERVICE_STATUSES, M.required),
  priority: choiceField(PRIORITIES, M.priority),
  ...describedFields,
  responsibleId: responsible(SERVICE_MESSAGES.selectResponsible),
  responsibleWas,
  comment: comment(SERVICE_MESSAGES.changeCommentRequired),
});

export const serviceListActionSchema = z.discriminatedUnion("intent", [statusSchema("list")]);
/** "Ver CPF completo" (ADR 183): no fields, the record is the URL's. */
export const revealCpfSchema = z.object({ intent: z.literal("reveal-cpf") });

/** "Assumir" (issue 22 §1): no fields, the record is the URL's and the responsible the signed-in user. */
export const takeSchema = z.object({ intent: z.literal("take") });
/** "Atribuir a…": one of the sector's agents (checked on the server against the sector). */
export const assignSchema = z.object({
  intent: z.literal("assign"),
  responsibleId: responsible(SERVICE_MESSAGES.selectResponsible),
});

export const serviceDetailActionSchema = z.discriminatedUnion("intent", [
  statusSchema("detail"),
  commentSchema,
  editSchema,
  revealCpfSchema,
  takeSchema,
  assignSchema,
]);
