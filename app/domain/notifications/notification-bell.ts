/**
 * The bell of the dashboard's header: its cap and accessible name. Apart from the rest of
 * notification-kinds.ts (its form schema), so the dashboard shell, on every staff page, does not
 * bring the validation library into the browser (docs/decisions/284-field-screens-on-a-phone.md).
 */

/** Above this the bell shows "99+": the count stops reading the index there. */
export const UNREAD_CAP = 99;

/** The bell's accessible name (and its badge's text). */
export function bellLabel(unread: number) {
  if (unread === 0) return "Notificações: nenhuma não lida";
  if (unread > UNREAD_CAP) return `Notificações: mais de ${UNREAD_CAP} não lidas`;
  return unread === 1 ? "Notificações: 1 não lida" : `Notificações: ${unread} não lidas`;
}
