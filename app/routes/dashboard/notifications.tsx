import { Form, redirect, useLoaderData } from "react-router";
import { Bell, CheckCheck, ExternalLink } from "~/components/icons/sprite";
import type { Route } from "./+types/notifications";
import { requireAccess } from "~/auth/guard.server";
import { staffAction } from "~/utils/staff-action.server";
import {
  getNotificationPreferences,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  saveNotificationPreferences,
} from "~/domain/notifications/notifications.server";
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_MESSAGES,
  notificationActionSchema,
  preferencesFromForm,
  kindsFor,
  type NotificationItem,
  type NotificationPreference,
} from "~/domain/notifications/notification-kinds";
import { readPage } from "~/lib/pagination";
import { formatDateTime } from "~/lib/dates";
import { loadOrFail } from "~/utils/load.server";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { EmptyState } from "~/components/ui/empty-state";
import { Pager } from "~/components/ui/pager";
import { useFormAction } from "~/components/ui/use-form-action";

export const meta: Route.MetaFunction = () => [{ title: "Notificações | Painel" }];

/**
 * Each user's notifications and what they choose to receive (issue 22 §7, ADR 266): the list
 * the bell opens, newest first, with "Abrir" (marks read and goes to the page), "Marcar como
 * lida" and "Marcar todas como lidas"; and the preferences, per kind, e-mail and panel.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const page = readPage(new URL(request.url).searchParams.get("pagina"));
  const [list, preferences] = await loadOrFail(
    () => Promise.all([listNotifications(user.id, page), getNotificationPreferences(user.id)]),
    NOTIFICATION_MESSAGES.error,
  );
  const offered = kindsFor(user.role);
  return { ...list, preferences: preferences.filter((p) => offered.includes(p.kind)) };
}

export async function action({ request }: Route.ActionArgs) {
  return staffAction(request, notificationActionSchema, (user) => ({
    fallback: NOTIFICATION_MESSAGES.error,
    handlers: {
      open: async (input) => redirect(await markNotificationRead(user, input.id)),
      read: async (input) => (await markNotificationRead(user, input.id), NOTIFICATION_MESSAGES.read),
      "read-all": async () => {
        const n = await markAllNotificationsRead(user);
        return n === 0 ? NOTIFICATION_MESSAGES.noneUnread : NOTIFICATION_MESSAGES.allRead(n);
      },
      preferences: async (input) => saveNotificationPreferences(user, preferencesFromForm(input, kindsFor(user.role))),
    },
  }));
}

function unreadText(unread: number) {
  if (unread === 0) return "Nenhuma notificação não lida.";
  return unread === 1 ? "1 notificação não lida." : `${unread} notificações não lidas.`;
}

function MarkAllRead({ unread }: { unread: number }) {
  const { Form: ActionForm, busy } = useFormAction({ intent: "read-all" });
  return (
    <ActionForm method="post">
      <input type="hidden" name="intent" value="read-all" />
      <Button type="submit" variant="outline" disabled={busy || unread === 0}>
        <CheckCheck /> Marcar todas como lidas
      </Button>
    </ActionForm>
  );
}

function NotificationEntry({ item }: { item: NotificationItem }) {
  const { Form: ActionForm, busy } = useFormAction({ intent: "read" });
  const titleId = `notificacao-${item.id}`;
  return (
    <li
      className="flex flex-col gap-3 border-b border-slate-200 p-4 last:border-b-0 sm:flex-row sm:items-center sm:justify-between"
      data-testid="notification"
      data-read={item.read ? "true" : "false"}
    >
      <div className="grid min-w-0 gap-1">
        <p id={titleId} className="flex flex-wrap items-center gap-2 font-semibold text-navy-950">
          {item.read ? null : <Badge tone="warning">Nova</Badge>}
          <span className="break-words">{item.title}</span>
        </p>
        <p className="text-xs text-slate-600">{formatDateTime(item.createdAt)}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="open" />
          <input type="hidden" name="id" value={item.id} />
          <Button type="submit" size="sm" aria-describedby={titleId}>
            <ExternalLink /> Abrir
          </Button>
        </Form>
        {item.read ? null : (
          <ActionForm method="post">
            <input type="hidden" name="intent" value="read" />
            <input type="hidden" name="id" value={item.id} />
            <Button type="submit" size="sm" variant="outline" disabled={busy} aria-describedby={titleId}>
              Marcar como lida
            </Button>
          </ActionForm>
        )}
      </div>
    </li>
  );
}

/** A kind's box for one way of delivering it (posted as `<kind>.<channel>`). */
function ChannelBox({ preference, channel, label }: { preference: NotificationPreference; channel: "email" | "inApp"; label: string }) {
  return (
    <CheckboxField
      boxed={false}
      name={`${preference.kind}.${channel}`}
      id={`pref-${preference.kind}-${channel.toLowerCase()}`}
      label={label}
      defaultChecked={preference[channel]}
    />
  );
}

function Preferences({ preferences }: { preferences: NotificationPreference[] }) {
  const { Form: ActionForm, busy } = useFormAction({ intent: "preferences" });
  return (
    <Card>
      <CardContent className="grid gap-4 pt-5">
        <div>
          <h2 id="preferencias-titulo" className="text-lg font-semibold text-slate-900">
            Preferências
          </h2>
          <p className="text-sm text-slate-600">Escolha, para cada tipo de aviso, se quer recebê-lo por e-mail e aqui no painel.</p>
        </div>
        <ActionForm method="post" className="grid gap-4" data-testid="notification-preferences">
          <input type="hidden" name="intent" value="preferences" />
          {preferences.map((p) => (
            <fieldset key={p.kind} className="grid gap-2 rounded-lg border border-slate-200 p-3">
              <legend className="px-1 text-sm font-semibold text-navy-950">{NOTIFICATION_KIND_LABELS[p.kind].label}</legend>
              <p className="text-xs text-slate-600">{NOTIFICATION_KIND_LABELS[p.kind].hint}</p>
              <div className="flex flex-wrap gap-x-6 gap-y-1">
                <ChannelBox preference={p} channel="email" label="Por e-mail" />
                <ChannelBox preference={p} channel="inApp" label="No painel" />
              </div>
            </fieldset>
          ))}
          <div>
            <Button type="submit" disabled={busy}>
              Salvar preferências
            </Button>
          </div>
        </ActionForm>
      </CardContent>
    </Card>
  );
}

export default function NotificationsPage() {
  const { items, page, pageCount, total, unread, preferences } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-5">
      <PageHeader
        title="Notificações"
        description={
          <span data-testid="notifications-unread" data-unread={unread}>
            {unreadText(unread)}
          </span>
        }
        actions={<MarkAllRead unread={unread} />}
      />
      {total === 0 ? (
        <EmptyState icon={Bell} title="Nenhuma notificação">
          Novas denúncias, mensagens de contato e atendimentos atribuídos a você aparecem aqui.
        </EmptyState>
      ) : (
        <Card>
          <ul aria-label="Suas notificações, da mais recente à mais antiga" data-testid="notifications">
            {items.map((item) => (
              <NotificationEntry key={item.id} item={item} />
            ))}
          </ul>
        </Card>
      )}
      <Pager label="Paginação das notificações" page={page} pageCount={pageCount} hrefFor={(p) => `?pagina=${p}`} />
      <Preferences preferences={preferences} />
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
