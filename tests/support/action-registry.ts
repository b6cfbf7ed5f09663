/**
 * Every dashboard action (a form post), with a valid-looking body per intent and the tables it
 * would write. tests/integration/access-matrix.test.ts posts each one as every role the role
 * table refuses and asserts HTTP 403 and that those tables did not change. A test fails when a
 * dashboard route module exports an action that has no entry here.
 *
 * Bodies may reference seeded rows through `ids` (filled by the test from the database).
 */
export type SeedIds = { anyUserId: string; [key: string]: string };

export type ActionCase = {
  /** A concrete URL (dynamic segments filled in). */
  path: string;
  /** The routes.ts pattern this URL belongs to (for the coverage check). */
  pattern: string;
  bodies: Array<(ids: SeedIds) => Record<string, string>>;
  tables: string[];
  multipart?: boolean;
};

const user = (ids: SeedIds) => ids.anyUserId;

const usersBodies = [
  () => ({ intent: "create", username: "intruso", name: "Intruso", email: "intruso@exemplo.com", role: "admin", password: "Senha@Forte1" }),
  (ids: SeedIds) => ({ intent: "update", id: user(ids), name: "Alterado", email: "alterado@exemplo.com", role: "admin" }),
  (ids: SeedIds) => ({ intent: "set-password", id: user(ids), password: "Senha@Forte1", confirmPassword: "Senha@Forte1" }),
  (ids: SeedIds) => ({ intent: "delete", id: user(ids) }),
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
  (ids: SeedIds) => ({ intent: "update", id: ids.anyAgreementId, ...agreementFields }),
  (ids: SeedIds) => ({ intent: "delete", id: ids.anyAgreementId }),
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
  (ids: SeedIds) => ({ intent: "update", id: ids.anyPartnerId, ...partnerFields, removeLogo: "on" }),
  (ids: SeedIds) => ({ intent: "delete", id: ids.anyPartnerId }),
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
  (ids: SeedIds) => ({ intent: "status", id: ids.secretariaContactId, status: "resolved" }),
  (ids: SeedIds) => ({ intent: "reply", id: ids.secretariaContactId, reply: "Resposta que não deveria ser registrada." }),
];
const contactTables = ["contact_messages", "audit_log"];

/** News (/dashboard/noticias): the editor posts multipart (cover upload), the list plain forms. */
const newsFields = { title: "Notícia intrusa", slug: "noticia-intrusa", summary: "Não deveria ser gravada.", body: "Texto intruso.", publishedAt: "", status: "published" };
const newsEditorBodies = [
  () => ({ intent: "create", ...newsFields }),
  (ids: SeedIds) => ({ intent: "update", id: ids.anyNewsPostId, ...newsFields, removeCover: "1" }),
];
const newsListBodies = [
  (ids: SeedIds) => ({ intent: "publish", id: ids.draftNewsPostId }),
  (ids: SeedIds) => ({ intent: "unpublish", id: ids.anyNewsPostId }),
  (ids: SeedIds) => ({ intent: "delete", id: ids.anyNewsPostId }),
];
const newsTables = ["news_posts", "files", "audit_log"];

/** Complaints (/dashboard/denuncias; admin, presidencia, juridico): status, notes, replies. */
const complaintBodies = [
  (ids: SeedIds) => ({ intent: "status", id: ids.anyComplaintId, status: "dismissed", adminNotes: "Nota intrusa." }),
  (ids: SeedIds) => ({ intent: "notes", id: ids.anyComplaintId, adminNotes: "Nota intrusa." }),
  (ids: SeedIds) => ({ intent: "reply", id: ids.anyComplaintId, visibility: "public", body: "Resposta intrusa." }),
  (ids: SeedIds) => ({ intent: "reply", id: ids.anyComplaintId, visibility: "internal", body: "Nota interna intrusa." }),
];
const complaintTables = ["complaints", "complaint_messages", "files", "audit_log"];

export const ACTION_CASES: ActionCase[] = [
  { path: "/dashboard/denuncias", pattern: "dashboard/denuncias", bodies: complaintBodies, tables: complaintTables },
  { path: "/dashboard/noticias", pattern: "dashboard/noticias", bodies: newsEditorBodies, tables: newsTables, multipart: true },
  { path: "/dashboard/noticias", pattern: "dashboard/noticias", bodies: newsListBodies, tables: newsTables },
  { path: "/dashboard/admin/agreements", pattern: "dashboard/admin/agreements", bodies: agreementsBodies, tables: agreementsTables, multipart: true },
  { path: "/dashboard/juridico/agreements", pattern: "dashboard/juridico/agreements", bodies: agreementsBodies, tables: agreementsTables, multipart: true },
  { path: "/dashboard/admin/users", pattern: "dashboard/admin/users", bodies: usersBodies, tables: ["users", "sessions", "audit_log"] },
  { path: "/dashboard/users", pattern: "dashboard/users", bodies: usersBodies, tables: ["users", "sessions", "audit_log"] },
  { path: "/dashboard/contatos", pattern: "dashboard/contatos", bodies: contactBodies, tables: contactTables },
  { path: "/dashboard/contatos/secretaria", pattern: "dashboard/contatos/:setor", bodies: contactBodies, tables: contactTables },
  { path: "/dashboard/secretaria/casos", pattern: "dashboard/secretaria/casos", bodies: [contactBodies[0]], tables: contactTables },
  { path: "/dashboard/parceiros", pattern: "dashboard/parceiros", bodies: partnersBodies, tables: ["partners", "files", "audit_log"], multipart: true },
  { path: "/dashboard/conteudo", pattern: "dashboard/conteudo", bodies: contentBodies, tables: ["app_settings", "audit_log"] },
];

/**
 * Queries that fill SeedIds from the seeded demo database. Add a key when a body needs a row id.
 * Each query must return one row with one column named `id`.
 */
export const SEED_ID_QUERIES: Record<string, string> = {
  anyNewsPostId: "select id from news_posts where status = 'published' and cover_file_id is not null order by published_at, id limit 1",
  draftNewsPostId: "select id from news_posts where status = 'draft' order by created_at, id limit 1",
  anyUserId: "select id from users where username = 'campo'",
  anyAgreementId: "select id from agreements order by valid_from, id limit 1",
  secretariaContactId: "select id from contact_messages where sector = 'secretaria' and status = 'pending' order by created_at, id limit 1",
  anyPartnerId: "select id from partners order by sort_order, id limit 1",
  anyComplaintId: "select id from complaints order by created_at, id limit 1",
  /** The `:evidenceId` of /dashboard/denuncias/arquivos/:evidenceId (a seeded complaint's evidence). */
  evidenceId: "select evidence_file_id as id from complaints where evidence_file_id is not null order by created_at, id limit 1",
};

/**
 * Concrete values for dynamic segments when visiting every dashboard route in the browser
 * test and the HTTP access test. `:role` is replaced by the visiting user's own role.
 */
export const SAMPLE_PARAMS: Record<string, string> = {
  setor: "secretaria",
};
