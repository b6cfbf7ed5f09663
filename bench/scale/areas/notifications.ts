import { sql } from "drizzle-orm";
import { createUser } from "~/db/factories/users";
import { countUnread, listNotifications } from "~/domain/notifications/notifications.server";
import { measuredFigures, type ScaleArea } from "../context";

/**
 * Staff notifications (issue 22 §7, ADR 266): 100 staff users with 10,000 notifications each
 * (1,000,000 rows at full size), mostly read. One user has let 5,000 pile up unread (the worst
 * bell), another has 12 unread (a usual one). Measured: the bell's count (target p95 ≤ 5 ms,
 * on every panel page) and the list's first page with its counts.
 */
const USERS = 100;
const PER_USER = 10_000;
const TARGETS_MS: Record<string, number> = { bellCountWorst: 5, bellCountUsual: 5, listFirstPage: 30 };
const FIGURES: Record<string, string> = {
  bellCountWorst: "Sino: contagem (5.000 não lidas)",
  bellCountUsual: "Sino: contagem (12 não lidas)",
  listFirstPage: "Notificações, primeira página",
};
let worst = "";
let usual = "";

const area: ScaleArea = {
  name: "notifications",
  order: 60,
  async seed({ db, sizes, say }) {
    const factor = sizes.serviceRecords / 200_000;
    const perUser = Math.max(100, Math.round(PER_USER * factor));
    const ids: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const u = await createUser(db, { role: i % 2 ? "juridico" : "secretaria", name: `Notificada Bench ${i}` });
      ids.push(u.id);
    }
    [worst, usual] = ids;
    say(`notificações: ${USERS} × ${perUser}`);
    for (const id of ids) {
      const unread = id === worst ? Math.min(5_000, perUser) : id === usual ? 12 : 0;
      await db.execute(sql`
        insert into notifications (user_id, kind, title, link, created_at, read_at)
        select ${id}::uuid, (array['complaint_new','contact_new','service_assigned'])[1 + g % 3],
               'Atendimento SIND20260101000000 atribuído a você', '/dashboard/notificacoes',
               now() - make_interval(mins => ${perUser}::int - g),
               case when g > ${perUser}::int - ${unread}::int then null else now() end
        from generate_series(1, ${perUser}::int) g`);
    }
    await db.execute(sql`VACUUM (ANALYZE) notifications`);
    const n = (await db.execute<{ n: number }>(sql`select count(*)::int as n from notifications`)).rows[0].n;
    return { notifications: Number(n) };
  },
  async measure({ timing }) {
    const figures = {
      bellCountWorst: await timing(() => countUnread(worst), 200),
      bellCountUsual: await timing(() => countUnread(usual), 200),
      listFirstPage: await timing(() => listNotifications(worst), 50),
    };
    return { targetsMs: TARGETS_MS, ...measuredFigures(figures, (key) => TARGETS_MS[key], FIGURES) };
  },
};

export default area;
