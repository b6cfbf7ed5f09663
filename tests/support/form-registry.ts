import type { z } from "zod";
import type { Role } from "~/auth/permissions";
import type { TestServer } from "./server";
import { createActionTargets } from "./action-registry";
import type { FactoryDb } from "~/db/factories/support";
import { createUser } from "~/db/factories/users";
import { loginSchema } from "~/auth/login.server";
import { changePasswordSchema, resetPasswordSchema } from "~/auth/password.schema";
import { twoFactorActionSchema } from "~/auth/two-factor.schema";
import { userActionSchema } from "~/domain/users/user.schema";
import { agreementActionSchema } from "~/domain/agreements/agreement.schema";
import { newsActionSchema } from "~/domain/news/news.schema";
import { partnerActionSchema } from "~/domain/partners/partner.schema";
import { importCommitSchema, workplaceActionSchema } from "~/domain/field/workplace.schema";
import { createRouteSchema } from "~/domain/field/route.schema";
import { contentSchema } from "~/domain/content/content.schema";
import { contactActionSchema, contactFormSchema, casesActionSchema } from "~/domain/contacts/contact.schema";
import { complaintFormSchema, followUpSchema, staffActionSchema } from "~/domain/complaints/complaint.schema";
import { forgotPasswordSchema } from "~/auth/password.schema";
import { auditExportFormSchema } from "~/domain/audit/audit-filters";
import { financeActionSchema } from "~/domain/finance/finance.schema";
import { memberActionSchema, memberImportActionSchema, memberPageActionSchema } from "~/domain/members/member.schema";
import { consultaSchema } from "~/domain/services/consulta";
import { serviceDetailActionSchema, serviceFormSchema, serviceListActionSchema } from "~/domain/services/service.schema";
import { pixSettingsSchema, statementConfirmSchema } from "~/domain/finance/pix.schema";

/**
 * Every form of the site, public and staff: where it posts, who must be signed in, how the
 * page encodes it, its own Zod schema, a body the form would really send, the stored text
 * fields, and the tables it writes. tests/integration/form-bodies.test.ts (non-form bodies,
 * control characters) and tests/integration/form-fuzz.test.ts (hostile bodies generated from
 * `schema`) read this list, so a new form joins both by being registered here.
 */
export type FormIds = Record<string, string>;

export type FormCase = {
  /** Unique name, for messages. */
  name: string;
  /** The URL the page posts to (dynamic segments filled from `ids`). */
  path: (ids: FormIds) => string;
  /** Signed in as this role, or anonymous. */
  login?: Role;
  /** The page posts multipart/form-data (it carries a file input). */
  multipart?: boolean;
  /** The name of its file input, when it has one. */
  fileField?: string;
  /** The form's own schema: what the server accepts (bodies are generated from it). */
  schema: z.ZodType;
  /** A body the page would send and the server accepts (or refuses only for business rules). */
  valid: (ids: FormIds) => Record<string, string>;
  /** Fields stored as text: U+0000 and other control characters must be refused there. */
  textFields: string[];
  /** Tables the form writes: a refused body (4xx) leaves them unchanged. */
  tables: string[];
  /** Behind a per-address or per-account limiter (tests clear the counters between bodies). */
  limited?: boolean;
  /** Puts back what a previous body may have used up (e.g. a one-time reset link). */
  setup?: (server: TestServer) => Promise<void>;
};

export const RESET_TOKEN = "token-de-teste-do-registro-de-formularios-0001";
/** The user whose reset link RESET_TOKEN is (created by prepareForms; no form signs in as it). */
export const RESET_USERNAME = "redefinir.senha.formularios";

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

export const FORM_CASES: FormCase[] = [
  {
    name: "login",
    limited: true,
    path: () => "/login",
    schema: loginSchema,
    valid: () => ({ username: "ninguem", password: "Senha@Errada1" }),
    textFields: ["username"],
    tables: ["sessions", "audit_log", "users"],
  },
  {
    name: "esqueci-senha",
    limited: true,
    path: () => "/esqueci-senha",
    schema: forgotPasswordSchema,
    valid: () => ({ username: "ninguem" }),
    textFields: ["username"],
    tables: ["password_reset_tokens", "audit_log"],
  },
  {
    name: "redefinir-senha",
    limited: true,
    setup: ensureResetToken,
    path: () => `/redefinir-senha/${RESET_TOKEN}`,
    schema: resetPasswordSchema,
    valid: () => ({ newPassword: "Nova@Senha2026", confirmPassword: "Nova@Senha2026" }),
    textFields: ["newPassword"],
    tables: ["users", "password_reset_tokens", "sessions", "audit_log"],
  },
  {
    name: "contato",
    limited: true,
    path: () => "/contato",
    schema: contactFormSchema,
    valid: () => contactFields,
    textFields: ["name", "subject", "message"],
    tables: ["contact_messages"],
  },
  {
    name: "denuncia",
    limited: true,
    path: () => "/denuncia",
    multipart: true,
    fileField: "evidence",
    schema: complaintFormSchema,
    valid: () => ({ title: "Falta de EPI", companyName: "Empresa", location: "Posto 1", description: "Sem luvas no plantão.", consent: "on", website: "" }),
    textFields: ["title", "companyName", "location", "description"],
    tables: ["complaints", "complaint_messages", "files"],
  },
  {
    name: "denuncia-acompanhar",
    limited: true,
    path: () => "/denuncia/acompanhar",
    multipart: true,
    fileField: "evidence",
    schema: followUpSchema,
    // The code of the complaint prepareForms files.
    valid: (ids) => ({ intent: "add", code: ids.receiptCode, message: "Mais uma informação." }),
    textFields: ["message"],
    tables: ["complaints", "complaint_messages", "files"],
  },
  {
    name: "atendimento-consulta",
    limited: true,
    path: () => "/atendimento/consulta",
    schema: consultaSchema,
    valid: () => ({ intent: "consulta", protocolo: "SIND20260105093000", verificador: "4725" }),
    // Nothing typed here is stored: both fields are checked against the record, never written.
    textFields: [],
    tables: ["service_records", "service_record_entries"],
  },
  {
    // The own second factor (ADR 185); financeiro has none, so every code is refused.
    name: "duas-etapas",
    path: () => "/dashboard/duas-etapas",
    login: "financeiro",
    limited: true,
    schema: twoFactorActionSchema,
    valid: () => ({ intent: "enable", code: "123456" }),
    textFields: [],
    tables: ["users", "user_recovery_codes", "sessions"],
  },
  {
    name: "alterar-senha",
    path: () => "/dashboard/alterar-senha",
    login: "financeiro",
    schema: changePasswordSchema,
    valid: () => ({ currentPassword: "Senha@Errada1", newPassword: "Nova@Senha2026", confirmPassword: "Nova@Senha2026" }),
    textFields: ["newPassword"],
    tables: ["users", "audit_log"],
  },
  {
    name: "usuarios",
    path: () => "/dashboard/admin/users",
    login: "admin",
    schema: userActionSchema,
    valid: () => ({ intent: "create", username: "novo.usuario", name: "Novo Usuário", email: "novo@example.com", role: "rh", password: "Senha@Forte1" }),
    textFields: ["name"],
    tables: ["users", "sessions", "audit_log"],
  },
  {
    name: "convencoes",
    path: () => "/dashboard/admin/agreements",
    login: "admin",
    multipart: true,
    fileField: "document",
    schema: agreementActionSchema,
    valid: () => ({ intent: "create", title: "Convenção 2027", description: "Descrição", company: "Empresa", validFrom: "2027-01-01", validTo: "2027-12-31", isPublic: "on" }),
    textFields: ["title", "description", "company"],
    tables: ["agreements", "files", "audit_log"],
  },
  {
    name: "noticias",
    path: () => "/dashboard/noticias",
    login: "admin",
    multipart: true,
    fileField: "cover",
    schema: newsActionSchema,
    valid: () => ({ intent: "create", title: "Notícia", slug: "", summary: "Resumo.", body: "Texto.", publishedAt: "", status: "draft" }),
    textFields: ["title", "summary", "body"],
    tables: ["news_posts", "files", "audit_log"],
  },
  {
    name: "parceiros",
    path: () => "/dashboard/parceiros",
    login: "admin",
    multipart: true,
    fileField: "logo",
    schema: partnerActionSchema,
    valid: () => ({ intent: "create", name: "Parceiro", description: "Descrição do parceiro.", category: "Apoio Sindical", website: "", sortOrder: "1", active: "on" }),
    textFields: ["name", "description", "category"],
    tables: ["partners", "files", "audit_log"],
  },
  {
    name: "mapa-postos",
    path: () => "/dashboard/admin/mapa-postos",
    login: "admin",
    schema: workplaceActionSchema,
    valid: () => ({ intent: "create", name: "Posto", cep: "70040-010", address: "SCS Quadra 1", neighbourhood: "Asa Sul", city: "Brasília", state: "DF", phone: "", email: "" }),
    textFields: ["name", "address", "neighbourhood", "city"],
    tables: ["workplaces", "audit_log"],
  },
  {
    name: "mapa-postos-importar",
    path: () => "/dashboard/admin/mapa-postos",
    login: "admin",
    multipart: true,
    fileField: "arquivo",
    schema: importCommitSchema,
    valid: () => ({ intent: "import-commit" }),
    textFields: [],
    // Not `jobs`: the worker moves the geocoding jobs other bodies queued, on its own.
    tables: ["workplaces", "audit_log"],
  },
  {
    name: "conciliacao-extrato",
    path: () => "/dashboard/financeiro/conciliacao",
    login: "financeiro",
    multipart: true,
    fileField: "arquivo",
    schema: statementConfirmSchema,
    valid: () => ({ intent: "statement-confirm", digest: "0".repeat(64), lines: "7" }),
    textFields: [],
    tables: ["payments", "audit_log"],
  },
  {
    name: "configuracao-pix",
    path: () => "/dashboard/financeiro/conciliacao",
    login: "admin",
    schema: pixSettingsSchema,
    valid: () => ({ intent: "pix-settings", key: "tesouraria@sindicato.example.com", receiverName: "Sindicato dos Bombeiros", city: "Brasília" }),
    textFields: ["key", "receiverName", "city"],
    tables: ["app_settings", "audit_log"],
  },
  {
    name: "criar-rota",
    path: () => "/dashboard/campo/criar-rota",
    login: "campo",
    schema: createRouteSchema,
    valid: () => ({ intent: "create", name: "Rota", description: "Visita de rotina", cep: "70040-010", affiliates: "3", routeDate: "2026-01-05", workplaceId: "" }),
    textFields: ["name", "description"],
    tables: ["field_routes", "audit_log"],
  },
  {
    name: "conteudo",
    path: () => "/dashboard/conteudo",
    login: "admin",
    schema: contentSchema,
    valid: () => contentFields,
    textFields: ["name", "description", "history"],
    tables: ["app_settings", "audit_log"],
  },
  {
    name: "contatos",
    path: () => "/dashboard/contatos",
    login: "admin",
    schema: contactActionSchema,
    valid: (ids) => ({ intent: "reply", id: ids.secretariaContactId, reply: "Resposta da equipe." }),
    textFields: ["reply"],
    tables: ["contact_messages", "audit_log"],
  },
  {
    name: "casos",
    path: () => "/dashboard/secretaria/casos",
    login: "admin",
    schema: casesActionSchema,
    valid: (ids) => ({ intent: "status", id: ids.secretariaContactId, status: "in_progress" }),
    textFields: [],
    tables: ["contact_messages", "audit_log"],
  },
  {
    name: "filiados",
    path: () => "/dashboard/admin/members",
    login: "admin",
    schema: memberActionSchema,
    valid: (ids) => ({ intent: "update", id: ids.memberId, name: "Filiada Editada", situation: "4", notes: "Observação da equipe." }),
    textFields: ["name", "notes"],
    tables: ["members", "audit_log"],
  },
  {
    name: "filiados-importar",
    path: () => "/dashboard/admin/members/importar",
    login: "admin",
    multipart: true,
    fileField: "arquivo",
    schema: memberImportActionSchema,
    valid: () => ({ intent: "import-commit" }),
    textFields: [],
    tables: ["members", "audit_log"],
  },
  {
    name: "filiado-foto",
    path: (ids) => `/dashboard/admin/members/${ids.memberId}`,
    login: "admin",
    multipart: true,
    fileField: "foto",
    schema: memberPageActionSchema,
    valid: () => ({ intent: "photo-remove" }),
    textFields: [],
    // Not audit_log: a refused document post re-renders the page, whose full-CPF view is audited.
    tables: ["members", "files"],
  },
  {
    name: "atendimento",
    path: () => "/dashboard/atendimento",
    login: "admin",
    schema: serviceFormSchema,
    valid: () => ({
      intent: "create",
      recordType: "atendimento_geral",
      sector: "juridico",
      requesterCpf: "529.982.247-25",
      requesterName: "Maria da Conceição",
      serviceType: "Consulta trabalhista",
      priority: "media",
      description: "Dúvida sobre o cálculo de horas extras no plantão.",
      "sd.caseType": "trabalhista",
    }),
    textFields: ["requesterName", "description", "additionalInfo", "sd.company"],
    tables: ["service_records", "service_record_entries", "companies", "audit_log"],
  },
  {
    name: "atendimentos-lista",
    path: () => "/dashboard/atendimentos",
    login: "admin",
    schema: serviceListActionSchema,
    valid: (ids) => ({ intent: "status", id: ids.id, status: "in_progress", responsibleId: ids.anyUserId, comment: "Iniciando." }),
    textFields: ["comment"],
    tables: ["service_records", "service_record_entries", "audit_log"],
  },
  {
    name: "atendimento-detalhe",
    path: (ids) => `/dashboard/atendimento/${ids.id}`,
    login: "admin",
    schema: serviceDetailActionSchema,
    valid: (ids) => ({ intent: "comment", id: ids.id, responsibleId: ids.anyUserId, comment: "Comentário da equipe." }),
    textFields: ["comment"],
    tables: ["service_records", "service_record_entries", "audit_log"],
  },
  {
    name: "denuncias",
    path: () => "/dashboard/denuncias",
    login: "admin",
    schema: staffActionSchema,
    valid: (ids) => ({ intent: "notes", id: ids.anyComplaintId, adminNotes: "Notas da análise." }),
    textFields: ["adminNotes"],
    tables: ["complaints", "complaint_messages", "audit_log"],
  },
  {
    name: "financeiro",
    path: () => "/dashboard/financeiro/financial",
    login: "financeiro",
    schema: financeActionSchema,
    valid: (ids) => ({ intent: "pay", chargeId: ids.chargeId, paidOn: "2026-01-05", amount: "50,00", method: "pix", note: "Pago no caixa." }),
    textFields: ["note"],
    tables: ["charges", "payments", "charge_batches", "audit_log"],
  },
  {
    // The audit log's CSV export: a valid body answers the file and writes its own audit entry.
    name: "auditoria-exportar",
    path: () => "/dashboard/auditoria/exportar",
    login: "admin",
    schema: auditExportFormSchema,
    valid: () => ({ acao: "login", de: "2026-01-01" }),
    textFields: ["pessoa", "registro", "filiado"],
    tables: ["audit_log"],
  },
];

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
  for (const [k, v] of Object.entries({ title: "Denúncia do registro de formulários", description: "Relato para os testes de formulários.", consent: "on" })) complaint.set(k, v);
  const res = await fetch(`${server.url}/denuncia`, { method: "POST", body: complaint, headers: { Origin: server.url } });
  const code = /data-testid="receipt-code"[^>]*>([\d ]+)</.exec(await res.text())?.[1];
  if (res.status !== 200 || !code) throw new Error(`a denúncia do registro de formulários não foi recebida: HTTP ${res.status}`);
  ids.receiptCode = code;
  return ids;
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
