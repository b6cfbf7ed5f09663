import { z } from "zod";
import { SERVICE_ROLES, type Role } from "~/auth/roles";
import { ACTION_ROLES } from "~/auth/screens";
import { contactScope } from "~/auth/scopes";
import { checkboxField } from "~/utils/fields";

/**
 * Staff notifications (issue 22 §7, ADR 266): the kinds, their labels and the page's messages.
 * Client-safe: the preferences form and the list read them.
 */
export const NOTIFICATION_KINDS = ["complaint_new", "contact_new", "service_assigned", "service_reply"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { label: string; hint: string }> = {
  complaint_new: {
    label: "Nova denúncia",
    hint: "Para Presidência, Jurídico e Administradores. O aviso traz só o link: nada do conteúdo da denúncia.",
  },
  contact_new: { label: "Nova mensagem de contato", hint: "Mensagens do “Fale Conosco” dos setores que você atende." },
  service_assigned: { label: "Atendimento atribuído a você", hint: "Quando outra pessoa torna você responsável por um atendimento." },
  service_reply: {
    label: "Resposta do solicitante",
    hint: "Quando o solicitante de um atendimento pelo qual você é responsável responde por e-mail ou comenta pela Área do Filiado.",
  },
};

export type NotificationItem = { id: number; kind: NotificationKind; title: string; link: string; createdAt: string; read: boolean };

export type NotificationPreference = { kind: NotificationKind; email: boolean; inApp: boolean };

export { bellLabel, UNREAD_CAP } from "./notification-bell";
export const NOTIFICATIONS_PAGE_SIZE = 25;

export const NOTIFICATION_MESSAGES = {
  read: "Notificação marcada como lida.",
  allRead: (n: number) => (n === 1 ? "1 notificação marcada como lida." : `${n} notificações marcadas como lidas.`),
  noneUnread: "Não há notificações não lidas.",
  notFound: "Notificação não encontrada.",
  saved: "Preferências de notificação salvas.",
  error: "Não foi possível atualizar as notificações. Tente novamente.",
} as const;

const prefFields = Object.fromEntries(
  NOTIFICATION_KINDS.flatMap((k) => [
    [`${k}.email`, checkboxField],
    [`${k}.inApp`, checkboxField],
  ]),
) as Record<`${NotificationKind}.${"email" | "inApp"}`, typeof checkboxField>;

export const notificationActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("read"),
    id: z
      .string(NOTIFICATION_MESSAGES.notFound)
      .regex(/^[1-9][0-9]{0,14}$/, NOTIFICATION_MESSAGES.notFound)
      .transform(Number),
  }),
  z.object({
    intent: z.literal("open"),
    id: z
      .string(NOTIFICATION_MESSAGES.notFound)
      .regex(/^[1-9][0-9]{0,14}$/, NOTIFICATION_MESSAGES.notFound)
      .transform(Number),
  }),
  z.object({ intent: z.literal("read-all") }),
  z.object({ intent: z.literal("preferences"), ...prefFields }),
]);

/** The kinds a role can ever receive: the preferences page offers only these. */
export function kindsFor(role: Role): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) =>
    kind === "complaint_new"
      ? ACTION_ROLES["complaints.review"].includes(role)
      : kind === "contact_new"
        ? contactScope(role).length > 0
        : SERVICE_ROLES.includes(role),
  );
}

/** The preferences form's fields as the use case takes them: only the kinds the form showed. */
export function preferencesFromForm(input: Record<string, unknown>, kinds: readonly NotificationKind[]): NotificationPreference[] {
  return kinds.map((kind) => ({ kind, email: input[`${kind}.email`] === true, inApp: input[`${kind}.inApp`] === true }));
}
