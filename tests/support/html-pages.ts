import type { Role } from "~/auth/roles";

/**
 * Every page state whose HTML the Nu checker validates (tests/integration/html-validity.test.ts,
 * ADR 092). A state is a GET of `path`, or — for form error states, receipts and follow-ups — a
 * POST of `post` to it; `role` signs in first. Staff screens join by adding a line with their
 * path and a role that opens them.
 */
export type HtmlState = {
  name: string;
  path: string;
  status: number;
  role?: Role;
  /** Signed in as a member (the Área do Filiado, issue 23): the test's member. */
  member?: true;
  /** Form fields; `multipart` for the forms that take files. */
  post?: { fields: Record<string, string>; multipart?: boolean };
};

export const PUBLIC_PAGES: HtmlState[] = [
  { name: "início", path: "/", status: 200 },
  { name: "quem somos", path: "/quem-somos", status: 200 },
  { name: "convenções", path: "/convencoes", status: 200 },
  { name: "convenções filtradas sem resultado", path: "/convencoes?ano=1990", status: 200 },
  { name: "notícias", path: "/noticias", status: 200 },
  // The path is the published post the test creates (tests/integration/html-validity.test.ts).
  { name: "notícia", path: "/noticias/como-se-filiar-ao-sindicato", status: 200 },
  { name: "notícia inexistente", path: "/noticias/nao-existe", status: 404 },
  { name: "parceiros", path: "/parceiros", status: 200 },
  { name: "contato", path: "/contato", status: 200 },
  { name: "contato enviado", path: "/contato?enviado=1", status: 200 },
  { name: "privacidade", path: "/privacidade", status: 200 },
  { name: "denúncia", path: "/denuncia", status: 200 },
  { name: "acompanhar denúncia", path: "/denuncia/acompanhar", status: 200 },
  { name: "login", path: "/login", status: 200 },
  { name: "esqueci a senha", path: "/esqueci-senha", status: 200 },
  { name: "redefinir senha (link inválido)", path: "/redefinir-senha/link-invalido", status: 200 },
  { name: "manutenção", path: "/manutencao", status: 200 },
  { name: "área do filiado: entrar", path: "/filiado/entrar", status: 200 },
  { name: "verificar carteirinha (não reconhecida)", path: "/verificar/00000000000000000000000000000000", status: 200 },
  { name: "página inexistente (404)", path: "/pagina-que-nao-existe", status: 404 },
];

export const FORM_STATES: HtmlState[] = [
  {
    name: "área do filiado: passo do código",
    path: "/filiado/entrar",
    status: 200,
    post: { fields: { intent: "request-code", cpf: "529.982.247-25" } },
  },
  {
    name: "área do filiado: código errado",
    path: "/filiado/entrar",
    status: 401,
    post: { fields: { intent: "verify-code", cpf: "529.982.247-25", code: "000000" } },
  },
  { name: "login: senha errada", path: "/login", status: 401, post: { fields: { username: "admin", password: "errada" } } },
  { name: "login: campos vazios", path: "/login", status: 400, post: { fields: { username: "", password: "" } } },
  { name: "esqueci a senha: vazio", path: "/esqueci-senha", status: 400, post: { fields: { username: "" } } },
  { name: "esqueci a senha: enviado", path: "/esqueci-senha", status: 200, post: { fields: { username: "ninguem" } } },
  {
    name: "redefinir senha: link inválido",
    path: "/redefinir-senha/link-invalido",
    status: 400,
    post: { fields: { newPassword: "Nova@Senha2026", confirmPassword: "Nova@Senha2026" } },
  },
  { name: "contato: campos inválidos", path: "/contato", status: 400, post: { fields: { name: "", email: "x", message: "" } } },
  { name: "denúncia: campos vazios", path: "/denuncia", status: 400, post: { fields: { title: "", description: "" }, multipart: true } },
  {
    name: "denúncia: recibo",
    path: "/denuncia",
    status: 200,
    post: { fields: { title: "Validação de HTML", description: "Recibo para validar.", consent: "on" }, multipart: true },
  },
  {
    name: "acompanhar: código errado",
    path: "/denuncia/acompanhar",
    status: 404,
    post: { fields: { intent: "lookup", code: "0000 0000 0000 0001" }, multipart: true },
  },
  {
    name: "acompanhar: código curto",
    path: "/denuncia/acompanhar",
    status: 400,
    post: { fields: { intent: "lookup", code: "12" }, multipart: true },
  },
];

/** Access states: a signed-in role on a screen it may not open sees the original's message. */
export const ACCESS_STATES: HtmlState[] = [
  { name: "denúncias como campo (acesso negado)", path: "/dashboard/denuncias", status: 403, role: "campo" },
  { name: "usuários como secretaria (acesso negado)", path: "/dashboard/admin/users", status: 403, role: "secretaria" },
  { name: "atendimento como campo (acesso restrito)", path: "/dashboard/atendimento", status: 403, role: "campo" },
];

/** Staff screens join here as they are validated (path + a role that opens them). */
export const STAFF_SCREENS: HtmlState[] = [
  { name: "auditoria", path: "/dashboard/auditoria", status: 200, role: "admin" },
  { name: "verificação em duas etapas (ativar)", path: "/dashboard/duas-etapas", status: 200, role: "financeiro" },
  { name: "verificação em duas etapas (ativa)", path: "/dashboard/duas-etapas", status: 200, role: "admin" },
  { name: "auditoria filtrada", path: "/dashboard/auditoria?acao=login&de=2026-01-01", status: 200, role: "admin" },
  { name: "auditoria: filtros inválidos", path: "/dashboard/auditoria?acao=x&de=31/02/2026", status: 400, role: "admin" },
  { name: "filiados (admin)", path: "/dashboard/admin/members", status: 200, role: "admin" },
  { name: "endereços a aprovar (rh)", path: "/dashboard/filiados/enderecos", status: 200, role: "rh" },
  { name: "filiados: busca sem resultado", path: "/dashboard/rh/members?q=ninguem-com-este-nome&aba=ativos", status: 200, role: "rh" },
  { name: "mapa de postos", path: "/dashboard/admin/mapa-postos", status: 200, role: "admin" },
  { name: "criar rota", path: "/dashboard/campo/criar-rota", status: 200, role: "campo" },
  { name: "executar rota", path: "/dashboard/campo/executar-rota", status: 200, role: "campo" },
  { name: "visitas finalizadas", path: "/dashboard/visitas-finalizadas", status: 200, role: "rh" },
  {
    name: "mapa de postos: posto sem nome",
    path: "/dashboard/admin/mapa-postos",
    status: 400,
    role: "admin",
    post: { fields: { intent: "create", name: "", cep: "70040-010", address: "SCS Quadra 1", city: "Brasília", state: "DF" } },
  },
  { name: "atendimento (formulário)", path: "/dashboard/atendimento", status: 200, role: "admin" },
  { name: "lista de atendimentos", path: "/dashboard/atendimentos", status: 200, role: "admin" },
  {
    name: "lista de atendimentos filtrada sem resultado",
    path: "/dashboard/atendimentos?q=ninguem-com-este-nome&status=closed",
    status: 200,
    role: "secretaria",
  },
  {
    name: "atendimento: campos inválidos",
    path: "/dashboard/atendimento",
    status: 400,
    role: "admin",
    post: { fields: { intent: "create", recordType: "atendimento_geral", sector: "homologacao", description: "curta" } },
  },
];

/** The Área do Filiado's screens (issue 23), as the test's member. */
export const MEMBER_SCREENS: HtmlState[] = [
  { name: "área do filiado: início", path: "/filiado", status: 200, member: true },
  { name: "área do filiado: meus dados", path: "/filiado/dados", status: 200, member: true },
  { name: "área do filiado: minhas mensalidades", path: "/filiado/mensalidades", status: 200, member: true },
  { name: "área do filiado: meus atendimentos", path: "/filiado/atendimentos", status: 200, member: true },
  { name: "área do filiado: carteirinha", path: "/filiado/carteirinha", status: 200, member: true },
  {
    name: "meus dados: telefone inválido",
    path: "/filiado/dados",
    status: 400,
    member: true,
    post: { fields: { intent: "phone", mobilePhone: "123", homePhone: "" } },
  },
  {
    name: "meus dados: endereço inválido",
    path: "/filiado/dados",
    status: 400,
    member: true,
    post: { fields: { intent: "address", address: "", city: "Gama", state: "DF", cep: "724" } },
  },
  {
    name: "meus dados: código do novo e-mail",
    path: "/filiado/dados",
    status: 200,
    member: true,
    post: { fields: { intent: "email-request", email: "novo.endereco@exemplo.com.br" } },
  },
];
