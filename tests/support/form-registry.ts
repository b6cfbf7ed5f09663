import { memberSignInSchema } from "~/domain/member-area/member-auth.schema";
import { addressReviewActionSchema, myDataActionSchema } from "~/domain/member-area/my-data";
import { myServiceCommentSchema } from "~/domain/member-area/my-services";
import { memberSession } from "./member-area";
import type { HttpSuite } from "./suite";
import { memberAddressRequests } from "~/db/schema";
import type { z } from "zod";
import type { Role } from "~/auth/roles";
import type { FactoryDb } from "~/db/factories/support";
import { createUser } from "~/db/factories/users";
import { createAgreement } from "~/db/factories/agreements";
import { createNewsPost } from "~/db/factories/news";
import { createContactMessage } from "~/db/factories/contacts";
import { createPartner } from "~/db/factories/partners";
import { createComplaint } from "~/db/factories/complaints";
import { createMember } from "~/db/factories/members";
import { createFieldRoute, createVisitPhoto, createWorkplace } from "~/db/factories/field";
import { createServiceRecordRow, createServiceReplyWithFile } from "~/db/factories/services";
import { createCharge, createPayment } from "~/db/factories/finance";
import { storeFile } from "~/domain/files/file-store.server";
import { serviceCannedReplies } from "~/db/schema";
import { cannedReplyActionSchema } from "~/domain/service-records/canned-replies";
import { serviceRecordAttachments } from "~/db/schema";
import { attachmentActionSchema } from "~/domain/service-records/attachments";
import { tinyPdf } from "../fixtures/complaint-files";
import { loginSchema } from "~/auth/login.server";
import { changePasswordSchema, forgotPasswordSchema, resetPasswordSchema } from "~/auth/password.schema";
import { twoFactorActionSchema } from "~/auth/two-factor.schema";
import { userActionSchema } from "~/domain/users/user.schema";
import { agreementActionSchema } from "~/domain/agreements/agreement.schema";
import { newsActionSchema } from "~/domain/news/news.schema";
import { partnerActionSchema } from "~/domain/partners/partner.schema";
import { importCommitSchema, workplaceActionSchema } from "~/domain/fieldwork/workplace.schema";
import { createRouteSchema } from "~/domain/fieldwork/visit-route.schema";
import { contentSchema } from "~/domain/content/content.schema";
import { contactActionSchema, contactFormSchema, casesActionSchema } from "~/domain/contacts/contact.schema";
import { complaintFormSchema, followUpSchema, staffActionSchema } from "~/domain/complaints/complaint.schema";
import { auditExportFormSchema } from "~/domain/audit/audit-filters";
import { cpfSearchIntent } from "~/utils/cpf-out-of-address.server";
import { financeActionSchema } from "~/domain/finance/finance.schema";
import { memberActionSchema, memberImportActionSchema, memberPageActionSchema } from "~/domain/members/member.schema";
import { consultaSchema } from "~/domain/service-records/consulta";
import { mergeActionSchema } from "~/domain/service-records/merge";
import { notificationActionSchema } from "~/domain/notifications/notification-kinds";
import {
  assignSchema,
  serviceDetailActionSchema,
  serviceFormSchema,
  serviceListActionSchema,
} from "~/domain/service-records/service.schema";
import { pixSettingsSchema, statementConfirmSchema } from "~/domain/finance/pix.schema";
import type { TestServer } from "./server";
import type { Client } from "./http";
import { solidImage } from "../fixtures/images";

/**
 * The one registry of the site's form posts (public, auth and staff), read by four tests:
 *
 * - tests/integration/access-matrix.test.ts posts every dashboard action's `bodies` (one per
 *   intent) as every role the role table refuses, and asserts HTTP 403 and that `tables` did not
 *   change; it fails when a dashboard route module exports an action with no entry here
 *   (`pattern`). tests/integration/two-factor.test.ts and query-fuzz.test.ts walk the same list.
 * - tests/integration/form-bodies.test.ts (non-form bodies, control characters) and
 *   form-fuzz-*.test.ts (hostile bodies generated from `form.schema`) read the entries with a
 *   `form`: the form as its page really sends it, with who signs in.
 *
 * So a new action joins the access matrix by its `bodies`, and a new form joins the fuzz by its
 * `form`, on the same entry. Bodies reference rows through ids, which the tests create first
 * (ACTION_TARGETS, prepareForms).
 */
export type TargetIds = { anyUserId: string; [key: string]: string };
export type FormIds = Record<string, string>;

/** A form as its page sends it (form-bodies and the fuzz). */
export type FormSpec = {
  /** Unique name, for messages. */
  name: string;
  /** The URL the page posts to, when it holds an id (default: the entry's `path`). */
  path?: (ids: FormIds) => string;
  /** Signed in as this role, as a member (the Área do Filiado's own session), or anonymous. */
  login?: Role | "member";
  /** The name of its file input, when it has one. */
  fileField?: string;
  /** The form's own schema: what the server accepts (bodies are generated from it). */
  schema: z.ZodType;
  /** A body the page would send and the server accepts (or refuses only for business rules). */
  valid: (ids: FormIds) => Record<string, string>;
  /** Fields stored as text: U+0000 and other control characters must be refused there. */
  textFields: string[];
  /**
   * Tables a body refused for what it is (4xx) leaves unchanged, when not the entry's `tables`
   * (e.g. without `jobs`, which the worker moves on its own, or `audit_log`, when a refusal is
   * audited).
   */
  tables?: string[];
  /** Behind a per-address or per-account limiter (tests clear the counters between bodies). */
  limited?: boolean;
  /** Puts back what a previous body may have used up (e.g. a one-time reset link). */
  setup?: (server: TestServer) => Promise<void>;
};

export type FormPost = {
  /** A concrete URL (dynamic segments filled in). */
  path: string;
  /** The routes.ts pattern this URL belongs to (dashboard actions: the coverage check). */
  pattern?: string;
  /** The page posts multipart/form-data (it carries a file input). */
  multipart?: boolean;
  /** Tables the post would write: refused, it leaves them unchanged. */
  tables: string[];
  /** Dashboard actions: a valid-looking body per intent, for the refused roles. */
  bodies?: Array<(ids: TargetIds) => Record<string, string>>;
  /** The form as its page sends it. */
  form?: FormSpec;
};

/** A dashboard action as the access matrix posts it. */
export type ActionCase = Required<Pick<FormPost, "path" | "pattern" | "bodies" | "tables">> & Pick<FormPost, "multipart">;

/** A form as form-bodies and the fuzz post it. */
export type FormCase = Omit<FormSpec, "path" | "tables"> & {
  path: (ids: FormIds) => string;
  multipart?: boolean;
  tables: string[];
};

export const RESET_TOKEN = "token-de-teste-do-registro-de-formularios-0001";
/** The user whose reset link RESET_TOKEN is (created by prepareForms; no form signs in as it). */
export const RESET_USERNAME = "redefinir.senha.formularios";

const user = (ids: TargetIds) => ids.anyUserId;

/** A spreadsheet import's two steps, posted multipart with the file. */
const importBodies = [() => ({ intent: "import-preview" }), () => ({ intent: "import-commit" })];

/**
 * An admin's spreadsheet import at `path` (its own dashboard pattern): preview and commit post
 * multipart; the form's refused bodies leave `table` unchanged, and a commit is stored as a run
 * with its file (import_runs and files, ADR 253).
 */
function spreadsheetImport(path: string, tables: string[], form: { name: string; schema: z.ZodType; table: string }): FormPost {
  return {
    path,
    pattern: path.slice(1),
    bodies: importBodies,
    tables,
    multipart: true,
    form: {
      name: form.name,
      login: "admin",
      fileField: "arquivo",
      schema: form.schema,
      valid: () => ({ intent: "import-commit" }),
      textFields: [],
      tables: [form.table, "audit_log", "import_runs", "files"],
    },
  };
}

/** An editor's two bodies: create a row from `fields`, and update the row `ids[idKey]` with them (and `updateExtra`). */
function editBodies(idKey: string, fields: Record<string, string>, updateExtra: Record<string, string> = {}) {
  return [() => ({ intent: "create", ...fields }), (ids: TargetIds) => ({ intent: "update", id: ids[idKey], ...fields, ...updateExtra })];
}
/** Delete the row `ids[idKey]`. */
const deleteBody = (idKey: string) => (ids: TargetIds) => ({ intent: "delete", id: ids[idKey] });

/** A new user as the users screen creates one (the refused roles' body asks for an admin). */
const newUser = {
  intent: "create",
  username: "novo.usuario",
  name: "Novo Usuário",
  email: "novo@example.com",
  role: "rh",
  password: "Senha@Forte1",
};
const usersBodies = [
  () => ({ ...newUser, username: "intruso", name: "Intruso", email: "intruso@exemplo.com", role: "admin" }),
  (ids: TargetIds) => ({ intent: "update", id: user(ids), name: "Alterado", email: "alterado@exemplo.com", role: "admin" }),
  (ids: TargetIds) => ({ intent: "set-password", id: user(ids), password: "Senha@Forte1", confirmPassword: "Senha@Forte1" }),
  deleteBody("anyUserId"),
  (ids: TargetIds) => ({ intent: "reset-2fa", id: user(ids) }),
];

/** An agreement as its form sends it; the refused roles send it under an intruder's title. */
const agreementFields = {
  title: "Convenção 2027",
  description: "Descrição",
  company: "Empresa",
  validFrom: "2027-01-01",
  validTo: "2027-12-31",
  isPublic: "on",
};
const intruderAgreement = { ...agreementFields, title: "Convenção intrusa", company: "Empresa Intrusa" };
const agreementsBodies = [...editBodies("anyAgreementId", intruderAgreement), deleteBody("anyAgreementId")];
const agreementsTables = ["agreements", "files", "audit_log"];

/** A partner as its form sends it; the refused roles send it under an intruder's name. */
const partnerFields = {
  name: "Parceiro",
  description: "Descrição do parceiro.",
  category: "Apoio Sindical",
  website: "",
  sortOrder: "1",
  active: "on",
};
const intruderPartner = { ...partnerFields, name: "Parceiro Intruso", website: "https://intruso.example.com/" };
const partnersBodies = [...editBodies("anyPartnerId", intruderPartner, { removeLogo: "on" }), deleteBody("anyPartnerId")];

/** The site's content as its form sends it; the refused roles send it under an intruder's name. */
const contentFields = {
  name: "Sindicato dos Bombeiros Civis do DF",
  shortName: "Sindicato",
  description: "Descrição do sindicato para o site.",
  address: "SCS Quadra 1",
  addressDetail: "",
  phones: "(61) 3333-4444",
  email: "contato@example.com",
  hours: "Seg a sex, 9h às 18h",
  whatsapp: "(61) 98888-7777",
  "social.instagram": "",
  "social.facebook": "",
  "social.youtube": "",
  "map.lat": "-15.8",
  "map.lng": "-47.9",
  "map.zoom": "16",
  "board.role": "Presidente",
  "board.name": "Maria Souza",
  history: "História do sindicato desde a fundação, escrita para o site.",
  mission: "Defender a categoria.",
  vision: "Ser referência no DF.",
  values: "Ética",
};
const contentBodies = [
  () => ({
    ...contentFields,
    name: "Nome Intruso do Sindicato",
    shortName: "Intruso",
    history: "História intrusa que não deveria ser gravada no banco.",
  }),
];

/**
 * Contact messages. Every role reaches /dashboard/contatos, so nobody is refused there by the
 * role table; the scope per role is tested in tests/integration/contact-inbox.test.ts. The
 * cases board refuses every role but admin, secretaria and homologacao.
 */
const contactBodies = [
  (ids: TargetIds) => ({ intent: "status", id: ids.secretariaContactId, status: "resolved" }),
  (ids: TargetIds) => ({ intent: "reply", id: ids.secretariaContactId, reply: "Resposta que não deveria ser registrada." }),
];
const contactTables = ["contact_messages", "audit_log"];

/** News (/dashboard/noticias): the editor posts multipart (cover upload), the list plain forms. */
const newsFields = {
  title: "Notícia intrusa",
  slug: "noticia-intrusa",
  summary: "Não deveria ser gravada.",
  body: "Texto intruso.",
  publishedAt: "",
  status: "published",
};
const newsEditorBodies = editBodies("anyNewsPostId", newsFields, { removeCover: "1" });
const newsListBodies = [
  (ids: TargetIds) => ({ intent: "publish", id: ids.draftNewsPostId }),
  (ids: TargetIds) => ({ intent: "unpublish", id: ids.anyNewsPostId }),
  deleteBody("anyNewsPostId"),
];
const newsTables = ["news_posts", "files", "audit_log"];

/** Complaints (/dashboard/denuncias; admin, presidencia, juridico): status, notes, replies. */
const complaintBodies = [
  (ids: TargetIds) => ({ intent: "status", id: ids.anyComplaintId, status: "dismissed", adminNotes: "Nota intrusa." }),
  (ids: TargetIds) => ({ intent: "notes", id: ids.anyComplaintId, adminNotes: "Nota intrusa." }),
  (ids: TargetIds) => ({ intent: "reply", id: ids.anyComplaintId, visibility: "public", body: "Resposta intrusa." }),
  (ids: TargetIds) => ({ intent: "reply", id: ids.anyComplaintId, visibility: "internal", body: "Nota interna intrusa." }),
];
const complaintTables = ["complaints", "complaint_messages", "files", "audit_log"];

/** Members (/dashboard/admin/members and rh; admin, rh, presidencia, secretaria). */
const memberFields = {
  name: "Filiado Intruso",
  email: "intruso@exemplo.com",
  mobilePhone: "(61) 91234-5678",
  cpf: "529.982.247-25",
  address: "QNM 1 Casa 1",
  city: "Ceilândia",
  state: "DF",
  cep: "72210-000",
};
const membersBodies = [
  () => ({ intent: "create", ...memberFields }),
  (ids: TargetIds) => ({ intent: "update", id: ids.memberId, name: "Alterado Intruso", situation: "10" }),
  deleteBody("memberId"),
  () => ({ intent: "refresh" }),
];
const membersTables = ["members", "files", "audit_log"];
/** Workplaces (/dashboard/admin/mapa-postos; admin, presidencia, rh): add, edit, move the pin. */
const workplaceFields = {
  name: "Posto",
  cep: "70040-010",
  address: "SCS Quadra 1",
  neighbourhood: "Asa Sul",
  city: "Brasília",
  state: "DF",
  phone: "",
  email: "",
};
const intruderWorkplace = { ...workplaceFields, name: "Posto Intruso", address: "Endereço intruso" };
const workplaceBodies = [
  ...editBodies("anyWorkplaceId", intruderWorkplace),
  (ids: TargetIds) => ({ intent: "move-pin", id: ids.anyWorkplaceId, lat: "-15.8", lon: "-47.9" }),
  ...importBodies,
];
/** Bank statement matching and the PIX settings (/dashboard/financeiro/conciliacao; financeiro, admin; settings admin only). */
const reconciliationBodies = [
  () => ({ intent: "statement-preview" }),
  () => ({ intent: "statement-confirm", digest: "0".repeat(64), lines: "7" }),
  () => ({ intent: "pix-settings", key: "intruso@exemplo.com", receiverName: "Recebedor Intruso", city: "Brasilia" }),
];
const financePixTables = ["payments", "charges", "app_settings", "audit_log"];
const newRoute = {
  intent: "create",
  name: "Rota",
  description: "Visita de rotina",
  cep: "70040-010",
  affiliates: "3",
  routeDate: "2026-01-05",
  workplaceId: "",
};
const routeCreateBodies = [() => ({ ...newRoute, name: "Rota intrusa", description: "Não deveria ser gravada", affiliates: "1" })];
const routeExecuteBodies = [
  (ids: TargetIds) => ({ intent: "start", id: ids.pendingRouteId, positionCep: "70040-010" }),
  (ids: TargetIds) => ({
    intent: "finish",
    id: ids.pendingRouteId,
    token: "token-intruso-000000001",
    brigadePhone: "61 3333-4444",
    basicFirefighters: "1",
    lifeguards: "1",
    hasBrigadeLeader: "sim",
    hasMasterFirefighter: "sim",
    totalWorkers: "3",
    dayWorkers: "2",
    nightWorkers: "1",
    outsourced: "sim",
    positionCep: "70040-010",
  }),
];
const fieldRouteTables = ["field_routes", "workplaces", "files", "audit_log"];

/**
 * Service records (atendimentos): the form, the list's quick actions and the detail's actions. A
 * new record as the service form sends it; the refused roles send it under an intruder's name.
 */
const newServiceRecord = {
  intent: "create",
  recordType: "atendimento_geral",
  sector: "juridico",
  requesterCpf: "529.982.247-25",
  requesterName: "Maria da Conceição",
  serviceType: "Consulta trabalhista",
  priority: "media",
  description: "Dúvida sobre o cálculo de horas extras no plantão.",
  "sd.caseType": "trabalhista",
};
const serviceCreateBodies = [
  () => ({ ...newServiceRecord, requesterName: "Pessoa Intrusa", description: "Descrição que não deveria ser gravada." }),
];
const serviceListBodies = [
  (ids: TargetIds) => ({ intent: "status", id: ids.id, status: "in_progress", responsibleId: ids.anyUserId, comment: "Intruso." }),
];
const serviceDetailBodies = [
  ...serviceListBodies,
  (ids: TargetIds) => ({ intent: "comment", id: ids.id, responsibleId: ids.anyUserId, comment: "Comentário intruso." }),
  (ids: TargetIds) => ({
    intent: "edit",
    id: ids.id,
    requesterName: "Nome Intruso",
    status: "closed",
    priority: "urgente",
    description: "Descrição intrusa do chamado.",
    responsibleId: ids.anyUserId,
    comment: "Edição intrusa.",
  }),
  // "Ver CPF completo" (ADR 183): writes a CPF view to the audit log when allowed.
  () => ({ intent: "reveal-cpf" }),
  // "Assumir" and "Atribuir a…" (issue 22 §1, ADR 257).
  () => ({ intent: "take" }),
  (ids: TargetIds) => ({ intent: "assign", responsibleId: ids.anyUserId }),
];
const serviceTables = ["service_records", "service_record_entries", "companies", "audit_log"];
/** What a refused post on a service record leaves unchanged: the record, its history and the audit. */
const recordWriteTables = ["service_records", "service_record_entries", "audit_log"];
/** A form on a service record's own page (`/dashboard/atendimento/:id…`), posted as admin. */
function recordPageForm(suffix: string, spec: Pick<FormSpec, "name" | "schema" | "valid" | "textFields">): FormSpec {
  return { ...spec, path: (ids) => `/dashboard/atendimento/${ids.id}${suffix}`, login: "admin", tables: recordWriteTables };
}
const attachmentTables = ["service_records", "service_record_entries", "service_record_attachments", "files", "audit_log"];
/** The guard refuses before the record is read, so any id will do in the path. */
const ANY_RECORD = "00000000-0000-4000-8000-000000000130";

/** Finance (/dashboard/financeiro/financial; financeiro, admin): `payment`, the open charge's, as the screen registers it. */
const payment = (ids: FormIds) => ({ intent: "pay", chargeId: ids.chargeId, paidOn: "2026-01-05", amount: "50,00", method: "pix" });
const financePeriod = { amount: "50,00", month: "3", year: "2031", dueDate: "2031-03-10" };
const financeBodies = [
  () => ({ intent: "issue", member: "1", ...financePeriod }),
  (ids: TargetIds) => ({ ...payment(ids), note: "" }),
  (ids: TargetIds) => ({ intent: "undo", paymentId: ids.paymentId }),
  () => ({ intent: "batch-preview", ...financePeriod }),
  () => ({ intent: "batch-run", ...financePeriod }),
];
const financeTables = ["charges", "payments", "charge_batches", "jobs", "audit_log"];

const contactFields = {
  name: "Beatriz Fontes",
  email: "beatriz@example.com",
  phone: "(61) 91234-5678",
  subject: "Dúvida",
  message: "Quando a convenção entra em vigor?",
  sector: "juridico",
  consent: "yes",
  website: "",
};

export const FORM_POSTS: FormPost[] = [
  {
    path: "/dashboard/financeiro/financial",
    pattern: "dashboard/financeiro/financial",
    bodies: financeBodies,
    tables: financeTables,
    form: {
      name: "financeiro",
      login: "financeiro",
      schema: financeActionSchema,
      valid: (ids) => ({ ...payment(ids), note: "Pago no caixa." }),
      textFields: ["note"],
      tables: ["charges", "payments", "charge_batches", "audit_log"],
    },
  },
  {
    path: "/dashboard/admin/members",
    pattern: "dashboard/admin/members",
    bodies: membersBodies,
    tables: membersTables,
    form: {
      name: "filiados",
      login: "admin",
      schema: memberActionSchema,
      valid: (ids) => ({ intent: "update", id: ids.memberId, name: "Filiada Editada", situation: "4", notes: "Observação da equipe." }),
      textFields: ["name", "notes"],
      tables: ["members", "audit_log"],
    },
  },
  { path: "/dashboard/rh/members", pattern: "dashboard/rh/members", bodies: membersBodies, tables: membersTables },
  // A member's page, for admin and rh: "Anonimizar", and the card "Acesso à Área do Filiado"
  // (issue 23 §6, ADR 276; the other member roles in tests/integration/member-access-staff.test.ts).
  ...(["admin", "rh"] as const).flatMap((role): FormPost[] => {
    const page = {
      path: `/dashboard/${role}/members/00000000-0000-4000-8000-000000000001`,
      pattern: `dashboard/${role}/members/:memberId`,
    };
    return [
      { ...page, bodies: [() => ({ intent: "anonymize" })], tables: membersTables },
      {
        ...page,
        bodies: [() => ({ intent: "access-resend" }), () => ({ intent: "access-block" }), () => ({ intent: "access-unblock" })],
        tables: ["member_access", "member_sessions", "audit_log"],
      },
    ];
  }),
  // The member's photo posts multipart (tests/integration/member-import.test.ts sends real images).
  {
    path: "/dashboard/admin/members/00000000-0000-4000-8000-000000000001",
    pattern: "dashboard/admin/members/:memberId",
    bodies: [() => ({ intent: "photo-upload" }), () => ({ intent: "photo-remove" })],
    tables: membersTables,
    multipart: true,
    form: {
      name: "filiado-foto",
      path: (ids) => `/dashboard/admin/members/${ids.memberId}`,
      login: "admin",
      fileField: "foto",
      schema: memberPageActionSchema,
      valid: () => ({ intent: "photo-remove" }),
      textFields: [],
      // Not audit_log: a refused document post re-renders the page, whose full-CPF view is audited.
      tables: ["members", "files"],
    },
  },
  // The import from the old system (admin only; multipart, real files in member-import.test.ts).
  spreadsheetImport("/dashboard/admin/members/importar", membersTables, {
    name: "filiados-importar",
    schema: memberImportActionSchema,
    table: "members",
  }),
  {
    path: "/dashboard/atendimento",
    pattern: "dashboard/atendimento",
    bodies: serviceCreateBodies,
    tables: serviceTables,
    form: {
      name: "atendimento",
      login: "admin",
      schema: serviceFormSchema,
      valid: () => ({ ...newServiceRecord }),
      textFields: ["requesterName", "description", "additionalInfo", "sd.company"],
    },
  },
  { path: "/dashboard/unified-service", pattern: "dashboard/unified-service", bodies: serviceCreateBodies, tables: serviceTables },
  {
    path: "/dashboard/atendimentos",
    pattern: "dashboard/atendimentos",
    bodies: serviceListBodies,
    tables: serviceTables,
    form: {
      name: "atendimentos-lista",
      login: "admin",
      schema: serviceListActionSchema,
      valid: (ids) => ({ intent: "status", id: ids.id, status: "in_progress", responsibleId: ids.anyUserId, comment: "Iniciando." }),
      textFields: ["comment"],
      tables: recordWriteTables,
    },
  },
  { path: "/dashboard/services", pattern: "dashboard/services", bodies: serviceListBodies, tables: serviceTables },
  {
    path: `/dashboard/atendimento/${ANY_RECORD}`,
    pattern: "dashboard/atendimento/:id",
    bodies: serviceDetailBodies,
    tables: serviceTables,
    form: recordPageForm("", {
      name: "atendimento-detalhe",
      schema: serviceDetailActionSchema,
      valid: (ids) => ({ intent: "comment", id: ids.id, responsibleId: ids.anyUserId, comment: "Comentário da equipe." }),
      textFields: ["comment"],
    }),
  },
  { path: `/dashboard/services/${ANY_RECORD}`, pattern: "dashboard/services/:id", bodies: serviceDetailBodies, tables: serviceTables },
  // "Atribuir a…" on a record's page (issue 22 §1): its own form beside the comment's.
  {
    path: `/dashboard/atendimento/${ANY_RECORD}`,
    tables: serviceTables,
    form: recordPageForm("", {
      name: "atendimento-atribuir",
      schema: assignSchema,
      valid: (ids) => ({ intent: "assign", responsibleId: ids.anyUserId }),
      textFields: [],
    }),
  },
  // Canned replies per sector (issue 22 §6, ADR 265).
  {
    path: "/dashboard/respostas-prontas",
    pattern: "dashboard/respostas-prontas",
    bodies: [
      () => ({ intent: "create", sector: "juridico", title: "Resposta intrusa", body: "Texto intruso." }),
      (ids: TargetIds) => ({ intent: "update", id: ids.cannedReplyId, title: "Alterada", body: "Texto alterado." }),
      deleteBody("cannedReplyId"),
    ],
    tables: ["service_canned_replies", "audit_log"],
    form: {
      name: "respostas-prontas",
      login: "admin",
      schema: cannedReplyActionSchema,
      valid: (ids) => ({
        intent: "update",
        id: ids.cannedReplyId,
        title: "Documentos recebidos",
        body: "Olá, {primeiro_nome}: recebemos os documentos ({protocolo}).",
      }),
      textFields: ["title", "body"],
    },
  },
  // The addresses members asked for in "Meus dados" (issue 23 §4, ADR 275): rh and admin decide.
  {
    path: "/dashboard/filiados/enderecos",
    pattern: "dashboard/filiados/enderecos",
    bodies: [(ids) => ({ intent: "approve", id: ids.addressRequestId }), (ids) => ({ intent: "reject", id: ids.addressRequestId })],
    tables: ["members", "member_address_requests", "audit_log"],
    form: {
      name: "enderecos-a-aprovar",
      login: "rh",
      schema: addressReviewActionSchema,
      valid: (ids) => ({ intent: "reject", id: ids.addressRequestId }),
      textFields: [],
    },
  },
  // A record's attachments (issue 22 §3, ADR 262): multipart, real files in service-attachments.test.ts.
  {
    path: `/dashboard/atendimento/${ANY_RECORD}/anexos`,
    pattern: "dashboard/atendimento/:id/anexos",
    bodies: [
      () => ({ intent: "attach", isPublic: "on" }),
      (ids) => ({ intent: "visibility", attachmentId: ids.attachmentId, isPublic: "true" }),
    ],
    tables: attachmentTables,
    multipart: true,
    form: {
      name: "atendimento-anexos",
      path: (ids) => `/dashboard/atendimento/${ids.id}/anexos`,
      login: "admin",
      fileField: "arquivo",
      schema: attachmentActionSchema,
      valid: () => ({ intent: "attach", isPublic: "on" }),
      textFields: [],
    },
  },
  // "Unificar" a duplicate into another record (issue 22 §8, ADR 267): its own page.
  {
    path: `/dashboard/atendimento/${ANY_RECORD}/unificar`,
    pattern: "dashboard/atendimento/:id/unificar",
    bodies: [(ids: TargetIds) => ({ intent: "merge", intoId: ids.id })],
    tables: serviceTables,
    form: recordPageForm("/unificar", {
      name: "atendimento-unificar",
      schema: mergeActionSchema,
      // Itself: refused for the rule (400), which is what a valid body may be.
      valid: (ids) => ({ intent: "merge", intoId: ids.id }),
      textFields: [],
    }),
  },
  // Each user's own notifications and preferences (issue 22 §7, ADR 266): every role may open it.
  {
    path: "/dashboard/notificacoes",
    pattern: "dashboard/notificacoes",
    bodies: [
      () => ({ intent: "read-all" }),
      () => ({ intent: "read", id: "1" }),
      () => ({ intent: "preferences", "complaint_new.email": "on" }),
    ],
    tables: ["notifications", "notification_preferences"],
    form: {
      name: "notificacoes",
      login: "admin",
      schema: notificationActionSchema,
      valid: () => ({ intent: "preferences", "complaint_new.email": "on", "contact_new.inApp": "on" }),
      textFields: [],
    },
  },
  {
    path: "/dashboard/denuncias",
    pattern: "dashboard/denuncias",
    bodies: complaintBodies,
    tables: complaintTables,
    form: {
      name: "denuncias",
      login: "admin",
      schema: staffActionSchema,
      valid: (ids) => ({ intent: "notes", id: ids.anyComplaintId, adminNotes: "Notas da análise." }),
      textFields: ["adminNotes"],
      tables: ["complaints", "complaint_messages", "audit_log"],
    },
  },
  {
    path: "/dashboard/noticias",
    pattern: "dashboard/noticias",
    bodies: newsEditorBodies,
    tables: newsTables,
    multipart: true,
    form: {
      name: "noticias",
      login: "admin",
      fileField: "cover",
      schema: newsActionSchema,
      valid: () => ({ intent: "create", title: "Notícia", slug: "", summary: "Resumo.", body: "Texto.", publishedAt: "", status: "draft" }),
      textFields: ["title", "summary", "body"],
    },
  },
  { path: "/dashboard/noticias", pattern: "dashboard/noticias", bodies: newsListBodies, tables: newsTables },
  {
    path: "/dashboard/admin/agreements",
    pattern: "dashboard/admin/agreements",
    bodies: agreementsBodies,
    tables: agreementsTables,
    multipart: true,
    form: {
      name: "convencoes",
      login: "admin",
      fileField: "document",
      schema: agreementActionSchema,
      valid: () => ({ intent: "create", ...agreementFields }),
      textFields: ["title", "description", "company"],
    },
  },
  {
    path: "/dashboard/juridico/agreements",
    pattern: "dashboard/juridico/agreements",
    bodies: agreementsBodies,
    tables: agreementsTables,
    multipart: true,
  },
  {
    path: "/dashboard/admin/users",
    pattern: "dashboard/admin/users",
    bodies: usersBodies,
    tables: ["users", "sessions", "user_recovery_codes", "audit_log"],
    form: {
      name: "usuarios",
      login: "admin",
      schema: userActionSchema,
      valid: () => ({ ...newUser }),
      textFields: ["name"],
      tables: ["users", "sessions", "audit_log"],
    },
  },
  {
    path: "/dashboard/users",
    pattern: "dashboard/users",
    bodies: usersBodies,
    tables: ["users", "sessions", "user_recovery_codes", "audit_log"],
  },
  // Each user's own second factor (ADR 185): every role may open it, so no role is refused.
  {
    path: "/dashboard/duas-etapas",
    pattern: "dashboard/duas-etapas",
    bodies: [
      () => ({ intent: "enable", code: "123456" }),
      () => ({ intent: "recovery-codes", code: "123456" }),
      () => ({ intent: "disable", code: "123456" }),
    ],
    tables: ["users", "sessions", "user_recovery_codes", "audit_log"],
    form: {
      // The own second factor (ADR 185); financeiro has none, so every code is refused.
      name: "duas-etapas",
      login: "financeiro",
      limited: true,
      schema: twoFactorActionSchema,
      valid: () => ({ intent: "enable", code: "123456" }),
      textFields: [],
      tables: ["users", "user_recovery_codes", "sessions"],
    },
  },
  {
    path: "/dashboard/contatos",
    pattern: "dashboard/contatos",
    bodies: contactBodies,
    tables: contactTables,
    form: {
      name: "contatos",
      login: "admin",
      schema: contactActionSchema,
      valid: (ids) => ({ intent: "reply", id: ids.secretariaContactId, reply: "Resposta da equipe." }),
      textFields: ["reply"],
    },
  },
  { path: "/dashboard/contatos/secretaria", pattern: "dashboard/contatos/:setor", bodies: contactBodies, tables: contactTables },
  {
    path: "/dashboard/secretaria/casos",
    pattern: "dashboard/secretaria/casos",
    bodies: [contactBodies[0]],
    tables: contactTables,
    form: {
      name: "casos",
      login: "admin",
      schema: casesActionSchema,
      valid: (ids) => ({ intent: "status", id: ids.secretariaContactId, status: "in_progress" }),
      textFields: [],
    },
  },
  {
    path: "/dashboard/parceiros",
    pattern: "dashboard/parceiros",
    bodies: partnersBodies,
    tables: ["partners", "files", "audit_log"],
    multipart: true,
    form: {
      name: "parceiros",
      login: "admin",
      fileField: "logo",
      schema: partnerActionSchema,
      valid: () => ({ intent: "create", ...partnerFields }),
      textFields: ["name", "description", "category"],
    },
  },
  {
    path: "/dashboard/conteudo",
    pattern: "dashboard/conteudo",
    bodies: contentBodies,
    tables: ["app_settings", "audit_log"],
    form: {
      name: "conteudo",
      login: "admin",
      schema: contentSchema,
      valid: () => contentFields,
      textFields: ["name", "description", "history"],
    },
  },
  // The audit log's CSV export writes its own audit entry (admin only).
  {
    path: "/dashboard/auditoria/exportar",
    pattern: "dashboard/auditoria/exportar",
    bodies: [() => ({ acao: "login" }), () => ({})],
    tables: ["audit_log"],
    form: {
      // The audit log's CSV export: a valid body answers the file and writes its own audit entry.
      name: "auditoria-exportar",
      login: "admin",
      schema: auditExportFormSchema,
      valid: () => ({ acao: "login", de: "2026-01-01" }),
      textFields: ["pessoa", "registro", "filiado"],
    },
  },
  // A search by full CPF, posted so the CPF is in no address (ADR 307): the audit screen's member
  // filter and finance's 'Consultar Filiados'. A hit writes its audit entry and answers a redirect.
  {
    path: "/dashboard/auditoria",
    pattern: "dashboard/auditoria",
    bodies: [() => ({ intent: "buscar-cpf", filiado: "529.982.247-25" })],
    tables: ["audit_log"],
    form: {
      name: "auditoria-busca-cpf",
      login: "admin",
      schema: cpfSearchIntent("filiado"),
      valid: () => ({ intent: "buscar-cpf", filiado: "529.982.247-25", acao: "member.cpf_viewed" }),
      textFields: ["filiado"],
    },
  },
  {
    path: "/dashboard/financeiro/filiados",
    pattern: "dashboard/financeiro/filiados",
    bodies: [() => ({ intent: "buscar-cpf", q: "529.982.247-25" })],
    tables: ["audit_log"],
    form: {
      name: "consultar-filiados-busca-cpf",
      login: "financeiro",
      schema: cpfSearchIntent(),
      valid: () => ({ intent: "buscar-cpf", q: "529.982.247-25" }),
      textFields: ["q"],
    },
  },
  {
    path: "/dashboard/admin/mapa-postos",
    pattern: "dashboard/admin/mapa-postos",
    bodies: workplaceBodies,
    tables: ["workplaces", "jobs", "audit_log"],
    form: {
      name: "mapa-postos",
      login: "admin",
      schema: workplaceActionSchema,
      valid: () => ({ intent: "create", ...workplaceFields }),
      textFields: ["name", "address", "neighbourhood", "city"],
      tables: ["workplaces", "audit_log"],
    },
  },
  // The spreadsheet import posts multipart (tests/integration/workplace-import.test.ts sends real files).
  // Its form's tables leave out `jobs`: the worker moves the geocoding jobs other bodies queued, on its own.
  spreadsheetImport("/dashboard/admin/mapa-postos", ["workplaces", "jobs", "audit_log"], {
    name: "mapa-postos-importar",
    schema: importCommitSchema,
    table: "workplaces",
  }),
  {
    path: "/dashboard/campo/criar-rota",
    pattern: "dashboard/campo/criar-rota",
    bodies: routeCreateBodies,
    tables: fieldRouteTables,
    form: {
      name: "criar-rota",
      login: "campo",
      schema: createRouteSchema,
      valid: () => ({ ...newRoute }),
      textFields: ["name", "description"],
      tables: ["field_routes", "audit_log"],
    },
  },
  {
    path: "/dashboard/campo/executar-rota",
    pattern: "dashboard/campo/executar-rota",
    bodies: routeExecuteBodies,
    tables: fieldRouteTables,
    multipart: true,
  },
  // PIX (issue 11): the statement upload posts multipart (tests/integration/finance-pix.test.ts sends real files); the settings are admin only.
  {
    path: "/dashboard/financeiro/conciliacao",
    pattern: "dashboard/financeiro/conciliacao",
    bodies: reconciliationBodies,
    tables: financePixTables,
    multipart: true,
    form: {
      name: "conciliacao-extrato",
      login: "financeiro",
      fileField: "arquivo",
      schema: statementConfirmSchema,
      valid: () => ({ intent: "statement-confirm", digest: "0".repeat(64), lines: "7" }),
      textFields: [],
      tables: ["payments", "audit_log"],
    },
  },
  {
    path: "/dashboard/financeiro/conciliacao",
    pattern: "dashboard/financeiro/conciliacao",
    bodies: reconciliationBodies.slice(2),
    tables: financePixTables,
    form: {
      name: "configuracao-pix",
      login: "admin",
      schema: pixSettingsSchema,
      valid: () => ({
        intent: "pix-settings",
        key: "tesouraria@sindicato.example.com",
        receiverName: "Sindicato dos Bombeiros",
        city: "Brasília",
      }),
      textFields: ["key", "receiverName", "city"],
      tables: ["app_settings", "audit_log"],
    },
  },
  // The charge page's 'Enviar por e-mail' (issue 19 §1.7): queues a job and audits it.
  {
    path: `/dashboard/financeiro/cobrancas/${ANY_RECORD}`,
    pattern: "dashboard/financeiro/cobrancas/:chargeId",
    bodies: [() => ({ intent: "send-email" })],
    tables: ["jobs", "audit_log"],
  },
  // Forms without a dashboard action of their own: public pages, sign-in and the own password.
  {
    path: "/login",
    tables: ["sessions", "audit_log", "users"],
    form: {
      name: "login",
      limited: true,
      schema: loginSchema,
      valid: () => ({ username: "ninguem", password: "Senha@Errada1" }),
      textFields: ["username"],
    },
  },
  {
    path: "/esqueci-senha",
    tables: ["password_reset_tokens", "audit_log"],
    form: {
      name: "esqueci-senha",
      limited: true,
      schema: forgotPasswordSchema,
      valid: () => ({ username: "ninguem" }),
      textFields: ["username"],
    },
  },
  {
    path: `/redefinir-senha/${RESET_TOKEN}`,
    tables: ["users", "password_reset_tokens", "sessions", "audit_log"],
    form: {
      name: "redefinir-senha",
      limited: true,
      setup: ensureResetToken,
      schema: resetPasswordSchema,
      valid: () => ({ newPassword: "Nova@Senha2026", confirmPassword: "Nova@Senha2026" }),
      textFields: ["newPassword"],
    },
  },
  {
    path: "/contato",
    tables: ["contact_messages"],
    form: {
      name: "contato",
      limited: true,
      schema: contactFormSchema,
      valid: () => contactFields,
      textFields: ["name", "subject", "message"],
    },
  },
  {
    path: "/denuncia",
    multipart: true,
    tables: ["complaints", "complaint_messages", "files"],
    form: {
      name: "denuncia",
      limited: true,
      fileField: "evidence",
      schema: complaintFormSchema,
      valid: () => ({
        title: "Falta de EPI",
        companyName: "Empresa",
        location: "Posto 1",
        description: "Sem luvas no plantão.",
        consent: "on",
        website: "",
      }),
      textFields: ["title", "companyName", "location", "description"],
    },
  },
  {
    path: "/denuncia/acompanhar",
    multipart: true,
    tables: ["complaints", "complaint_messages", "files"],
    form: {
      name: "denuncia-acompanhar",
      limited: true,
      fileField: "evidence",
      schema: followUpSchema,
      // The code of the complaint prepareForms files.
      valid: (ids) => ({ intent: "add", code: ids.receiptCode, message: "Mais uma informação." }),
      textFields: ["message"],
    },
  },
  {
    path: "/atendimento/consulta",
    tables: ["service_records", "service_record_entries"],
    form: {
      name: "atendimento-consulta",
      limited: true,
      schema: consultaSchema,
      valid: () => ({ intent: "consulta", protocolo: "SIND20260105093000", verificador: "4725" }),
      // Nothing typed here is stored: both fields are checked against the record, never written.
      textFields: [],
    },
  },
  {
    path: "/filiado/entrar",
    tables: ["member_login_codes", "member_sessions", "member_access"],
    form: {
      name: "filiado-entrar",
      limited: true,
      schema: memberSignInSchema,
      // A valid CPF of no member: the answer is the same as a member's, and nothing is written.
      valid: () => ({ intent: "request-code", cpf: "529.982.247-25" }),
      textFields: [],
    },
  },
  // The Área do Filiado's forms (issue 23 §3–§4), posted with a member's session.
  {
    path: "/filiado/dados",
    tables: ["members", "member_email_changes", "member_address_requests", "audit_log"],
    form: {
      name: "filiado-meus-dados",
      login: "member",
      schema: myDataActionSchema,
      valid: () => ({ intent: "phone", mobilePhone: "(61) 99876-5432", homePhone: "" }),
      textFields: [],
      limited: true,
    },
  },
  {
    path: "/filiado/atendimentos",
    multipart: true,
    tables: ["service_records", "service_record_entries", "service_record_attachments", "files", "audit_log"],
    form: {
      name: "filiado-comentario-atendimento",
      path: (ids) => `/filiado/atendimentos/${ids.memberProtocol}`,
      login: "member",
      fileField: "arquivo",
      schema: myServiceCommentSchema,
      valid: () => ({ intent: "comment", texto: "Segue a informação que faltava." }),
      textFields: ["texto"],
    },
  },
  {
    path: "/dashboard/alterar-senha",
    tables: ["users", "audit_log"],
    form: {
      name: "alterar-senha",
      login: "financeiro",
      schema: changePasswordSchema,
      valid: () => ({ currentPassword: "Senha@Errada1", newPassword: "Nova@Senha2026", confirmPassword: "Nova@Senha2026" }),
      textFields: ["newPassword"],
    },
  },
];

export const ACTION_CASES: ActionCase[] = FORM_POSTS.flatMap(({ path, pattern, bodies, tables, multipart }) =>
  pattern && bodies ? [{ path, pattern, bodies, tables, ...(multipart ? { multipart } : {}) }] : [],
);

/** Posts one body of an action case as the browser would: multipart when the form is, else urlencoded. */
export function postCase(c: Client, testCase: ActionCase, fields: Record<string, string>) {
  if (!testCase.multipart) return c.post(testCase.path, fields);
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return c.post(testCase.path, fd);
}

export const FORM_CASES: FormCase[] = FORM_POSTS.flatMap(({ path, multipart, tables, form }) =>
  form ? [{ ...form, path: form.path ?? (() => path), tables: form.tables ?? tables, ...(multipart ? { multipart } : {}) }] : [],
);

/**
 * The rows the bodies (and dynamic segments) point at, created with the factories before the
 * test runs. Add a key when a body needs a row id; its function creates the row and returns the id.
 */
export const ACTION_TARGETS: Record<string, (db: FactoryDb) => Promise<string>> = {
  anyNewsPostId: async (db) => (await createNewsPost(db, { cover: true })).id,
  draftNewsPostId: async (db) => (await createNewsPost(db, { status: "draft", publishedAt: null })).id,
  anyUserId: async (db) => (await createUser(db, { role: "campo" })).id,
  anyAgreementId: async (db) => (await createAgreement(db)).id,
  secretariaContactId: async (db) => (await createContactMessage(db, { sector: "secretaria", status: "pending" })).id,
  anyPartnerId: async (db) => (await createPartner(db, { logo: true })).id,
  anyWorkplaceId: async (db) => (await createWorkplace(db)).id,
  pendingRouteId: async (db) => (await createFieldRoute(db)).id,
  /** The `:fileId` of /dashboard/visitas-finalizadas/fotos/:fileId (a visit photo). */
  fileId: async (db) => (await createVisitPhoto(db)).id,
  anyComplaintId: async (db) => (await createComplaint(db, { evidence: true })).id,
  /** A member (the `:memberId` of the member's page and the body of edit/delete). */
  // With a photo, so the guarded photo route (…/:memberId/foto) has one to serve.
  memberId: async (db) => {
    const bytes = await solidImage("jpeg", 32, 32, { r: 90, g: 90, b: 90 });
    const photo = await storeFile({ purpose: "member-photo", fileName: "foto-filiado.jpg", contentType: "image/jpeg", bytes }, db);
    return (await createMember(db, { photoFileId: photo.id })).id;
  },
  /** The `:evidenceId` of /dashboard/denuncias/arquivos/:evidenceId (a complaint's evidence). */
  evidenceId: async (db) => (await createComplaint(db, { evidence: true })).evidenceFileId!,
  /** The `:id` of /dashboard/atendimento/:id and /dashboard/services/:id (a secretaria record). */
  id: async (db) => (await createServiceRecordRow(db, { sector: "secretaria" })).id,
  /** A canned reply of the jurídico (edit and delete on /dashboard/respostas-prontas, ADR 265). */
  cannedReplyId: async (db) =>
    (
      await db
        .insert(serviceCannedReplies)
        .values({ sector: "juridico", title: "Documentos recebidos", body: "Recebemos, {nome}." })
        .returning()
    )[0].id,
  /** The `:replyFileId` of /dashboard/atendimentos/respostas/:replyFileId (a file of a requester's e-mail reply, ADR 264). */
  replyFileId: async (db) => (await createServiceReplyWithFile(db, (await createServiceRecordRow(db, { sector: "secretaria" })).id)).fileId,
  /** The `:attachmentId` of /dashboard/atendimento/anexos/:attachmentId (a PDF on a secretaria record). */
  attachmentId: async (db) => {
    const record = await createServiceRecordRow(db, { sector: "secretaria" });
    const file = await storeFile(
      { purpose: "service-attachment", fileName: "rescisao.pdf", contentType: "application/pdf", bytes: tinyPdf() },
      db,
    );
    const [row] = await db
      .insert(serviceRecordAttachments)
      .values({ recordId: record.id, fileId: file.id, uploadedByName: "Registro de formulários" })
      .returning({ id: serviceRecordAttachments.id });
    return row.id;
  },
  /** A member's pending address change (issue 23 §4, ADR 275): approve or reject it. */
  addressRequestId: async (db) =>
    (
      await db
        .insert(memberAddressRequests)
        .values({
          memberId: (await createMember(db)).id,
          address: "QNM 40 Conjunto A Casa 1",
          city: "Ceilândia",
          state: "DF",
          cep: "72145400",
        })
        .returning({ id: memberAddressRequests.id })
    )[0].id,
  /** An open charge (finance: register a payment; the `:chargeId` of its PIX page). */
  chargeId: async (db) => (await createCharge(db, { memberId: (await createMember(db)).id, referenceYear: 2030, referenceMonth: 1 })).id,
  /** An active payment (finance: undo). */
  paymentId: async (db) => {
    const charge = await createCharge(db, {
      memberId: (await createMember(db)).id,
      referenceYear: 2030,
      referenceMonth: 2,
    });
    return (await createPayment(db, { chargeId: charge.id, amountCentavos: charge.amountCentavos })).id;
  },
};

/** Creates every target row; the ids by key. */
export async function createActionTargets(db: FactoryDb): Promise<TargetIds> {
  const ids: Record<string, string> = {};
  for (const [key, create] of Object.entries(ACTION_TARGETS)) ids[key] = await create(db);
  return ids as TargetIds;
}

/**
 * Concrete values for dynamic segments when visiting every dashboard route in the browser
 * test and the HTTP access test. `:role` is replaced by the visiting user's own role.
 */
export const SAMPLE_PARAMS: Record<string, string> = {
  setor: "secretaria",
  report: "cobrancas",
};

/**
 * What the valid bodies refer to: the action targets (created with the factories), the user of
 * a live reset link, and `receiptCode`, the code of a complaint filed through the public form
 * (only the server knows how to hash one).
 */
export async function prepareForms(server: TestServer): Promise<FormIds> {
  const db = server.hooks.db() as unknown as FactoryDb;
  const ids: FormIds = await createActionTargets(db);
  await createUser(db, { role: "rh", username: RESET_USERNAME });
  await ensureResetToken(server);
  const complaint = new FormData();
  for (const [k, v] of Object.entries({
    title: "Denúncia do registro de formulários",
    description: "Relato para os testes de formulários.",
    consent: "on",
  }))
    complaint.set(k, v);
  const res = await fetch(`${server.url}/denuncia`, { method: "POST", body: complaint, headers: { Origin: server.url } });
  const code = /data-testid="receipt-code"[^>]*>([\d ]+)</.exec(await res.text())?.[1];
  if (res.status !== 200 || !code) throw new Error(`a denúncia do registro de formulários não foi recebida: HTTP ${res.status}`);
  ids.receiptCode = code;
  // The member whose session posts the Área do Filiado's forms, with a record of their own.
  const member = await createMember(db, {
    name: "Filiada do Registro de Formulários",
    email: "filiada.formularios@exemplo.com.br",
    situation: 1,
  });
  ids.memberId = member.id;
  const record = await createServiceRecordRow(db, {
    sector: "secretaria",
    memberId: member.id,
    requesterCpf: member.cpf,
    requesterName: member.name,
  });
  ids.memberProtocol = record.protocol;
  return ids;
}

/** Who posts each form: a client signed in per role, a member session for the member area's forms, or a visitor. */
export async function formClients(t: HttpSuite, forms: FormCase[], ids: FormIds): Promise<(form: FormCase) => Client> {
  const clients = new Map<Role | "member", Client>();
  for (const who of new Set(forms.flatMap((f) => (f.login ? [f.login] : [])))) {
    clients.set(who, who === "member" ? await memberSession(t, ids.memberId) : await t.login(who));
  }
  return (form) => (form.login ? clients.get(form.login)! : t.anonymous());
}

/** The page a form's session opens with 200 while it is still signed in. */
export function homeOf(login: Role | "member") {
  return login === "member" ? "/filiado" : `/dashboard/${login}`;
}

/** A reset link for RESET_USERNAME that stays valid (re-created whenever a test used it up). */
export async function ensureResetToken(server: TestServer) {
  await server.query`
    insert into password_reset_tokens (token_hash, user_id, expires_at)
    select encode(sha256(convert_to(${RESET_TOKEN}, 'UTF8')), 'hex'), id, now() + interval '1 day' from users where username = ${RESET_USERNAME}
    on conflict (token_hash) do update set used_at = null, expires_at = excluded.expires_at`;
}

/**
 * A fingerprint of tables, in one query: per table its row count and the newest row version
 * (`xmin`), which any insert, update or delete changes (a delete lowers the count). Sessions count
 * only their ids, since `last_seen_at` moves on its own.
 */
export async function fingerprint(server: TestServer, tables: string[]) {
  const parts = tables.map((t) =>
    t === "sessions"
      ? `(select '${t}=' || count(*) || ':' || md5(coalesce(string_agg(id, ',' order by id), '')) from sessions)`
      : `(select '${t}=' || count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from ${t})`,
  );
  const [row] = await server.query<{ f: string }>([`select ${parts.join(" || ' ' || ")} as f`] as unknown as TemplateStringsArray);
  return row.f;
}
