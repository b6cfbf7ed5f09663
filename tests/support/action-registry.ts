import type { FactoryDb } from "~/db/factories/support";
import { createUser } from "~/db/factories/users";
import { createAgreement } from "~/db/factories/agreements";
import { createNewsPost } from "~/db/factories/news";
import { createContactMessage } from "~/db/factories/contacts";
import { createPartner } from "~/db/factories/partners";
import { createComplaint } from "~/db/factories/complaints";
import { createMember } from "~/db/factories/members";
import sharp from "sharp";
import { storeFile } from "~/domain/files/file-store.server";
import { createFieldRoute, createVisitPhoto, createWorkplace } from "~/db/factories/field";
import { createServiceRecordRow } from "~/db/factories/services";
import { createCharge, createPayment } from "~/db/factories/finance";

/**
 * Every dashboard action (a form post), with a valid-looking body per intent and the tables it
 * would write. tests/integration/access-matrix.test.ts posts each one as every role the role
 * table refuses and asserts HTTP 403 and that those tables did not change. A test fails when a
 * dashboard route module exports an action that has no entry here.
 *
 * Bodies may reference rows through `ids`, which the test creates first with ACTION_TARGETS.
 */
export type TargetIds = { anyUserId: string; [key: string]: string };

export type ActionCase = {
  /** A concrete URL (dynamic segments filled in). */
  path: string;
  /** The routes.ts pattern this URL belongs to (for the coverage check). */
  pattern: string;
  bodies: Array<(ids: TargetIds) => Record<string, string>>;
  tables: string[];
  multipart?: boolean;
};

const user = (ids: TargetIds) => ids.anyUserId;

const usersBodies = [
  () => ({ intent: "create", username: "intruso", name: "Intruso", email: "intruso@exemplo.com", role: "admin", password: "Senha@Forte1" }),
  (ids: TargetIds) => ({ intent: "update", id: user(ids), name: "Alterado", email: "alterado@exemplo.com", role: "admin" }),
  (ids: TargetIds) => ({ intent: "set-password", id: user(ids), password: "Senha@Forte1", confirmPassword: "Senha@Forte1" }),
  (ids: TargetIds) => ({ intent: "delete", id: user(ids) }),
  (ids: TargetIds) => ({ intent: "reset-2fa", id: user(ids) }),
];

const agreementFields = {
  title: "Convenção intrusa",
  description: "Não deveria ser gravada",
  company: "Empresa Intrusa",
  validFrom: "2026-01-01",
  validTo: "2026-12-31",
  isPublic: "on",
};
const agreementsBodies = [
  () => ({ intent: "create", ...agreementFields }),
  (ids: TargetIds) => ({ intent: "update", id: ids.anyAgreementId, ...agreementFields }),
  (ids: TargetIds) => ({ intent: "delete", id: ids.anyAgreementId }),
];
const agreementsTables = ["agreements", "files", "audit_log"];

const partnerFields = {
  name: "Parceiro Intruso",
  description: "Não deveria ser gravado no banco.",
  category: "Apoio Sindical",
  website: "https://intruso.example.com/",
  sortOrder: "1",
  active: "on",
};
const partnersBodies = [
  () => ({ intent: "create", ...partnerFields }),
  (ids: TargetIds) => ({ intent: "update", id: ids.anyPartnerId, ...partnerFields, removeLogo: "on" }),
  (ids: TargetIds) => ({ intent: "delete", id: ids.anyPartnerId }),
];
const contentBodies = [
  () => ({
    name: "Nome Intruso do Sindicato",
    shortName: "Intruso",
    description: "Descrição que não deveria ser gravada.",
    address: "Endereço intruso",
    addressDetail: "",
    phones: "(61) 3333-4444",
    email: "intruso@exemplo.com",
    hours: "Nunca",
    whatsapp: "(61) 98888-7777",
    "social.instagram": "",
    "social.facebook": "",
    "social.youtube": "",
    "map.lat": "-15.8",
    "map.lng": "-47.9",
    "map.zoom": "16",
    "board.role": "Presidente",
    "board.name": "Intruso",
    history: "História intrusa que não deveria ser gravada no banco.",
    mission: "Missão intrusa.",
    vision: "Visão intrusa.",
    values: "Intrusão",
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
const newsFields = { title: "Notícia intrusa", slug: "noticia-intrusa", summary: "Não deveria ser gravada.", body: "Texto intruso.", publishedAt: "", status: "published" };
const newsEditorBodies = [
  () => ({ intent: "create", ...newsFields }),
  (ids: TargetIds) => ({ intent: "update", id: ids.anyNewsPostId, ...newsFields, removeCover: "1" }),
];
const newsListBodies = [
  (ids: TargetIds) => ({ intent: "publish", id: ids.draftNewsPostId }),
  (ids: TargetIds) => ({ intent: "unpublish", id: ids.anyNewsPostId }),
  (ids: TargetIds) => ({ intent: "delete", id: ids.anyNewsPostId }),
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
  (ids: TargetIds) => ({ intent: "delete", id: ids.memberId }),
  () => ({ intent: "refresh" }),
];
const membersTables = ["members", "files", "audit_log"];
/** Workplaces (/dashboard/admin/mapa-postos; admin, presidencia, rh): add, edit, move the pin. */
const workplaceFields = { name: "Posto Intruso", cep: "70040-010", address: "Endereço intruso", neighbourhood: "", city: "Brasília", state: "DF", phone: "", email: "" };
const workplaceBodies = [
  () => ({ intent: "create", ...workplaceFields }),
  (ids: TargetIds) => ({ intent: "update", id: ids.anyWorkplaceId, ...workplaceFields }),
  (ids: TargetIds) => ({ intent: "move-pin", id: ids.anyWorkplaceId, lat: "-15.8", lon: "-47.9" }),
  () => ({ intent: "import-preview" }),
  () => ({ intent: "import-commit" }),
];
/** Bank statement matching and the PIX settings (/dashboard/financeiro/conciliacao; financeiro, admin; settings admin only). */
const reconciliationBodies = [
  () => ({ intent: "statement-preview" }),
  () => ({ intent: "statement-confirm", digest: "0".repeat(64), lines: "7" }),
  () => ({ intent: "pix-settings", key: "intruso@exemplo.com", receiverName: "Recebedor Intruso", city: "Brasilia" }),
];
const financePixTables = ["payments", "charges", "app_settings", "audit_log"];
const routeCreateBodies = [() => ({ intent: "create", name: "Rota intrusa", description: "Não deveria ser gravada", cep: "70040-010", affiliates: "1", routeDate: "2026-01-05", workplaceId: "" })];
const routeExecuteBodies = [
  (ids: TargetIds) => ({ intent: "start", id: ids.pendingRouteId, positionCep: "70040-010" }),
  (ids: TargetIds) => ({
    intent: "finish", id: ids.pendingRouteId, token: "token-intruso-000000001", brigadePhone: "61 3333-4444", basicFirefighters: "1", lifeguards: "1",
    hasBrigadeLeader: "sim", hasMasterFirefighter: "sim", totalWorkers: "3", dayWorkers: "2", nightWorkers: "1", outsourced: "sim", positionCep: "70040-010",
  }),
];
const fieldRouteTables = ["field_routes", "workplaces", "files", "audit_log"];

/** Service records (atendimentos): the form, the list's quick actions and the detail's actions. */
const serviceCreateBodies = [
  () => ({
    intent: "create",
    recordType: "atendimento_geral",
    sector: "secretaria",
    requesterCpf: "529.982.247-25",
    requesterName: "Pessoa Intrusa",
    serviceType: "Filiação",
    priority: "media",
    description: "Descrição que não deveria ser gravada.",
    "sd.requestType": "informacao",
  }),
];
const serviceListBodies = [(ids: TargetIds) => ({ intent: "status", id: ids.id, status: "in_progress", responsibleId: ids.anyUserId, comment: "Intruso." })];
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
];
const serviceTables = ["service_records", "service_record_entries", "companies", "audit_log"];
/** The guard refuses before the record is read, so any id will do in the path. */
const ANY_RECORD = "00000000-0000-4000-8000-000000000130";

/** Finance (/dashboard/financeiro/financial; financeiro, admin). */
const financePeriod = { amount: "50,00", month: "3", year: "2031", dueDate: "2031-03-10" };
const financeBodies = [
  () => ({ intent: "issue", member: "1", ...financePeriod }),
  (ids: TargetIds) => ({ intent: "pay", chargeId: ids.chargeId, paidOn: "2026-01-05", amount: "50,00", method: "pix", note: "" }),
  (ids: TargetIds) => ({ intent: "undo", paymentId: ids.paymentId }),
  () => ({ intent: "batch-preview", ...financePeriod }),
  () => ({ intent: "batch-run", ...financePeriod }),
];
const financeTables = ["charges", "payments", "charge_batches", "jobs", "audit_log"];

export const ACTION_CASES: ActionCase[] = [
  { path: "/dashboard/financeiro/financial", pattern: "dashboard/financeiro/financial", bodies: financeBodies, tables: financeTables },
  { path: "/dashboard/admin/members", pattern: "dashboard/admin/members", bodies: membersBodies, tables: membersTables },
  { path: "/dashboard/rh/members", pattern: "dashboard/rh/members", bodies: membersBodies, tables: membersTables },
  {
    path: "/dashboard/admin/members/00000000-0000-4000-8000-000000000001",
    pattern: "dashboard/admin/members/:memberId",
    bodies: [() => ({ intent: "anonymize" })],
    tables: membersTables,
  },
  {
    path: "/dashboard/rh/members/00000000-0000-4000-8000-000000000001",
    pattern: "dashboard/rh/members/:memberId",
    bodies: [() => ({ intent: "anonymize" })],
    tables: membersTables,
  },
  // The member's photo posts multipart (tests/integration/member-import.test.ts sends real images).
  {
    path: "/dashboard/admin/members/00000000-0000-4000-8000-000000000001",
    pattern: "dashboard/admin/members/:memberId",
    bodies: [() => ({ intent: "photo-upload" }), () => ({ intent: "photo-remove" })],
    tables: membersTables,
    multipart: true,
  },
  // The import from the old system (admin only; multipart, real files in member-import.test.ts).
  {
    path: "/dashboard/admin/members/importar",
    pattern: "dashboard/admin/members/importar",
    bodies: [() => ({ intent: "import-preview" }), () => ({ intent: "import-commit" })],
    tables: membersTables,
    multipart: true,
  },
  { path: "/dashboard/atendimento", pattern: "dashboard/atendimento", bodies: serviceCreateBodies, tables: serviceTables },
  { path: "/dashboard/unified-service", pattern: "dashboard/unified-service", bodies: serviceCreateBodies, tables: serviceTables },
  { path: "/dashboard/atendimentos", pattern: "dashboard/atendimentos", bodies: serviceListBodies, tables: serviceTables },
  { path: "/dashboard/services", pattern: "dashboard/services", bodies: serviceListBodies, tables: serviceTables },
  { path: `/dashboard/atendimento/${ANY_RECORD}`, pattern: "dashboard/atendimento/:id", bodies: serviceDetailBodies, tables: serviceTables },
  { path: `/dashboard/services/${ANY_RECORD}`, pattern: "dashboard/services/:id", bodies: serviceDetailBodies, tables: serviceTables },
  { path: "/dashboard/denuncias", pattern: "dashboard/denuncias", bodies: complaintBodies, tables: complaintTables },
  { path: "/dashboard/noticias", pattern: "dashboard/noticias", bodies: newsEditorBodies, tables: newsTables, multipart: true },
  { path: "/dashboard/noticias", pattern: "dashboard/noticias", bodies: newsListBodies, tables: newsTables },
  { path: "/dashboard/admin/agreements", pattern: "dashboard/admin/agreements", bodies: agreementsBodies, tables: agreementsTables, multipart: true },
  { path: "/dashboard/juridico/agreements", pattern: "dashboard/juridico/agreements", bodies: agreementsBodies, tables: agreementsTables, multipart: true },
  { path: "/dashboard/admin/users", pattern: "dashboard/admin/users", bodies: usersBodies, tables: ["users", "sessions", "user_recovery_codes", "audit_log"] },
  { path: "/dashboard/users", pattern: "dashboard/users", bodies: usersBodies, tables: ["users", "sessions", "user_recovery_codes", "audit_log"] },
  // Each user's own second factor (ADR 185): every role may open it, so no role is refused.
  {
    path: "/dashboard/duas-etapas",
    pattern: "dashboard/duas-etapas",
    bodies: [() => ({ intent: "enable", code: "123456" }), () => ({ intent: "recovery-codes", code: "123456" }), () => ({ intent: "disable", code: "123456" })],
    tables: ["users", "sessions", "user_recovery_codes", "audit_log"],
  },
  { path: "/dashboard/contatos", pattern: "dashboard/contatos", bodies: contactBodies, tables: contactTables },
  { path: "/dashboard/contatos/secretaria", pattern: "dashboard/contatos/:setor", bodies: contactBodies, tables: contactTables },
  { path: "/dashboard/secretaria/casos", pattern: "dashboard/secretaria/casos", bodies: [contactBodies[0]], tables: contactTables },
  { path: "/dashboard/parceiros", pattern: "dashboard/parceiros", bodies: partnersBodies, tables: ["partners", "files", "audit_log"], multipart: true },
  { path: "/dashboard/conteudo", pattern: "dashboard/conteudo", bodies: contentBodies, tables: ["app_settings", "audit_log"] },
  // The audit log's CSV export writes its own audit entry (admin only).
  { path: "/dashboard/auditoria/exportar", pattern: "dashboard/auditoria/exportar", bodies: [() => ({ acao: "login" }), () => ({})], tables: ["audit_log"] },
  { path: "/dashboard/admin/mapa-postos", pattern: "dashboard/admin/mapa-postos", bodies: workplaceBodies, tables: ["workplaces", "jobs", "audit_log"] },
  // The spreadsheet import posts multipart (tests/integration/workplace-import.test.ts sends real files).
  { path: "/dashboard/admin/mapa-postos", pattern: "dashboard/admin/mapa-postos", bodies: workplaceBodies.slice(3), tables: ["workplaces", "jobs", "audit_log"], multipart: true },
  { path: "/dashboard/campo/criar-rota", pattern: "dashboard/campo/criar-rota", bodies: routeCreateBodies, tables: fieldRouteTables },
  { path: "/dashboard/campo/executar-rota", pattern: "dashboard/campo/executar-rota", bodies: routeExecuteBodies, tables: fieldRouteTables, multipart: true },
  // PIX (issue 11): the statement upload posts multipart (tests/integration/finance-pix.test.ts sends real files); the settings are admin only.
  { path: "/dashboard/financeiro/conciliacao", pattern: "dashboard/financeiro/conciliacao", bodies: reconciliationBodies, tables: financePixTables, multipart: true },
  { path: "/dashboard/financeiro/conciliacao", pattern: "dashboard/financeiro/conciliacao", bodies: reconciliationBodies.slice(2), tables: financePixTables },
  // The charge page's 'Enviar por e-mail' (issue 19 §1.7): queues a job and audits it.
  { path: `/dashboard/financeiro/cobrancas/${ANY_RECORD}`, pattern: "dashboard/financeiro/cobrancas/:chargeId", bodies: [() => ({ intent: "send-email" })], tables: ["jobs", "audit_log"] },
];

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
    const bytes = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 90, g: 90, b: 90 } } }).jpeg().toBuffer();
    const photo = await storeFile({ purpose: "member-photo", fileName: "foto-filiado.jpg", contentType: "image/jpeg", bytes }, db);
    return (await createMember(db, { photoFileId: photo.id })).id;
  },
  /** The `:evidenceId` of /dashboard/denuncias/arquivos/:evidenceId (a complaint's evidence). */
  evidenceId: async (db) => (await createComplaint(db, { evidence: true })).evidenceFileId!,
  /** The `:id` of /dashboard/atendimento/:id and /dashboard/services/:id (a secretaria record). */
  id: async (db) => (await createServiceRecordRow(db, { sector: "secretaria" })).id,
  /** An open charge (finance: register a payment; the `:chargeId` of its PIX page). */
  chargeId: async (db) => (await createCharge(db, { memberId: (await createMember(db)).id, referenceYear: 2030, referenceMonth: 1, dueDate: "2030-01-10" })).id,
  /** An active payment (finance: undo). */
  paymentId: async (db) => {
    const charge = await createCharge(db, { memberId: (await createMember(db)).id, referenceYear: 2030, referenceMonth: 2, dueDate: "2030-02-10" });
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
