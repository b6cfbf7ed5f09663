/**
 * Refused staff actions (issue 18 §6, ADR 182): a signed-in user's post answered 403 (the role
 * table, the action map or the sector scope said no). Who (the actor), which screen and intent,
 * and which record (the entity id) — so that probing can be seen. Never the body's values.
 */
import { z } from "zod";
import { SCREENS } from "~/auth/screens";
import { auditEvent } from "../audit-event";

export const ACCESS_ENTITIES = { access: "Acesso à área restrita" } as const;

/** The screens the role table names, in pt-BR (the sidebar's label where there is one). */
const SCREEN_NAMES: Record<string, string> = {
  "dashboard-root": "Painel",
  panel: "Painel",
  "service-detail": "Detalhe do atendimento",
  "member-detail": "Página do filiado",
  "members-export": "Exportação da lista de filiados",
  "members-import": "Importação de filiados",
  "member-photo": "Foto do filiado",
  "member-export": "Exportação LGPD do filiado",
  "finance-reports": "Relatórios financeiros",
  "finance-charge": "Página da cobrança",
  "member-lookup": "Consulta de filiado por CPF",
  "service-lookups": "Consulta de empresa por CNPJ",
  "cep-lookup": "Consulta de CEP",
  "change-password": "Alterar senha",
};
export const SCREEN_LABELS: Record<string, string> = Object.fromEntries(
  SCREENS.map((s) => [s.id, SCREEN_NAMES[s.id] ?? s.nav?.label ?? s.id]),
);

/** The intents of the staff forms (the `intent` field each form posts), in pt-BR. */
export const INTENT_LABELS: Record<string, string> = {
  add: "Adicionar",
  anonymize: "Anonimizar filiado",
  "batch-preview": "Prévia da geração do mês",
  "batch-run": "Gerar cobranças do mês",
  change: "Alterar senha",
  comment: "Comentar",
  consulta: "Consultar",
  create: "Criar",
  delete: "Excluir",
  edit: "Editar",
  finish: "Finalizar rota",
  "import-commit": "Confirmar importação",
  "import-preview": "Prévia da importação",
  issue: "Emitir cobrança",
  login: "Entrar",
  lookup: "Consultar",
  "move-pin": "Ajustar posição no mapa",
  notes: "Salvar notas",
  pay: "Registrar pagamento",
  "photo-remove": "Remover foto",
  "photo-upload": "Enviar foto",
  "pix-settings": "Configuração do PIX",
  publish: "Publicar",
  refresh: "Atualizar",
  remove: "Remover",
  reply: "Responder",
  request: "Pedir redefinição de senha",
  reset: "Redefinir senha",
  "reveal-cpf": "Ver CPF completo",
  save: "Salvar",
  send: "Enviar",
  "set-password": "Definir senha",
  start: "Iniciar rota",
  "statement-confirm": "Confirmar pagamentos do extrato",
  "statement-preview": "Prévia do extrato",
  status: "Alterar status",
  submit: "Enviar",
  undo: "Desfazer pagamento",
  unpublish: "Retirar do site",
  update: "Alterar",
};

export const ACCESS_EVENTS = {
  "access.refused": auditEvent({
    label: "Ação recusada por falta de permissão",
    entityType: "access",
    data: z.strictObject({
      method: z.string().max(10),
      /** The URL's path (no query string), cut to 200 characters. */
      path: z.string().max(200),
      /** The role table's screen of the path (null: a path no screen knows). */
      screen: z.string().max(60).nullable(),
      /** The form's intent, when the post named a known one (never an arbitrary value). */
      intent: z.string().max(40).nullable(),
      /** Refusals of this user left out in the minute before (the per-minute cap, ADR 182). */
      suppressed: z.number().int().min(1).optional(),
    }),
    fields: {
      method: "Método",
      path: "Endereço",
      screen: "Tela",
      intent: "Ação pedida",
      suppressed: "Outras recusas no minuto, não registradas uma a uma",
    },
    values: { screen: SCREEN_LABELS, intent: INTENT_LABELS },
  }),
};
