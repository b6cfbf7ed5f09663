import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Actor } from "~/auth/authorize";
import { db } from "~/db/client.server";
import { notificationPreferences, notifications } from "~/db/schema";
import { pageCountOf } from "~/lib/pagination";
import { AppError } from "~/utils/app-error";
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  NOTIFICATIONS_PAGE_SIZE,
  UNREAD_CAP,
  type NotificationItem,
  type NotificationKind,
  type NotificationPreference,
} from "./notification-kinds";

/**
 * A user's own notifications (issue 22 §7, ADR 266): the bell's count, the list, marking read,
 * and the choice of what to receive. Every function is keyed by the signed-in user's id: no
 * one reads or marks another's.
 */

/**
 * The bell: unread rows of the user, counted off the partial index `notifications_unread_idx`
 * and stopped at UNREAD_CAP + 1 (the bell shows "99+"), so its cost does not grow with a
 * neglected inbox. Runs on every panel page load.
 */
export async function countUnread(userId: string): Promise<number> {
  const rows = await db().execute<{ n: number | string }>(
    sql`select count(*)::int as n from (select 1 from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.readAt} is null limit ${UNREAD_CAP + 1}) u`,
  );
  return Number(rows.rows[0]?.n ?? 0);
}

/** Newest first, 25 a page, with the user's total and unread counts (the list's own numbers). */
export async function listNotifications(userId: string, page = 1) {
  const [counts] = await db()
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  const pageCount = pageCountOf(Number(counts?.total ?? 0), NOTIFICATIONS_PAGE_SIZE);
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db()
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE)
    .offset((current - 1) * NOTIFICATIONS_PAGE_SIZE);
  return {
    page: current,
    pageCount,
    total: Number(counts?.total ?? 0),
    unread: Number(counts?.unread ?? 0),
    items: rows.map((r): NotificationItem => ({
      id: r.id,
      kind: r.kind as NotificationKind,
      title: r.title,
      link: r.link,
      createdAt: r.createdAt.toISOString(),
      read: r.readAt !== null,
    })),
  };
}

/** Marks one of the user's notifications read; returns its link. Another user's id is a 404. */
export async function markNotificationRead(actor: Pick<Actor, "id">, id: number) {
  const [row] = await db()
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)))
    .returning({ link: notifications.link });
  if (!row) throw new AppError(404, NOTIFICATION_MESSAGES.notFound);
  return row.link;
}

export async function markAllNotificationsRead(actor: Pick<Actor, "id">) {
  const rows = await db()
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** The user's choice per kind; a kind never saved is both on. */
export async function getNotificationPreferences(userId: string): Promise<NotificationPreference[]> {
  const rows = await db().select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return NOTIFICATION_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    return { kind, email: row?.email ?? true, inApp: row?.inApp ?? true };
  });
}

export async function saveNotificationPreferences(actor: Pick<Actor, "id">, prefs: readonly NotificationPreference[]) {
  await db().transaction(async (tx) => {
    for (const p of prefs) {
      await tx
        .insert(notificationPreferences)
        .values({ userId: actor.id, kind: p.kind, email: p.email, inApp: p.inApp })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { email: p.email, inApp: p.inApp, updatedAt: sql`now()` },
        });
    }
  });
  return NOTIFICATION_MESSAGES.saved;
}
