import { sql } from "drizzle-orm";
import { AUDIT_EVENTS } from "~/domain/audit/audit-events";
import { batches, type ScaleArea } from "../context";

/**
 * The audit log at full size (issue 12: 1 million entries), spread over the last two years.
 * Rows have the factory's shape (createAuditEntry: actor, action, entity type and id, data)
 * and are written server-side, a batch per statement (`insert … select generate_series`).
 */
const area: ScaleArea = {
  name: "audit",
  order: 50,
  async seed(ctx) {
    const actions = Object.keys(AUDIT_EVENTS);
    const list = sql.raw(`array[${actions.map((a) => `'${a.replace(/'/g, "''")}'`).join(",")}]`);
    const total = ctx.sizes.auditEntries;
    for (const { from, to } of batches(total, 50_000)) {
      await ctx.db.execute(sql`
        insert into audit_log (created_at, actor_id, actor_username, action, entity_type, entity_id, data)
        select now() - (g * interval '63 seconds'),
               null,
               'bench.user' || (g % 40),
               (${list})[1 + (g % ${actions.length})],
               split_part((${list})[1 + (g % ${actions.length})], '.', 1),
               (g % 50000)::text,
               '{}'::jsonb
        from generate_series(${from + 1}::int, ${to}::int) g`);
      if (to % 200_000 === 0 || to === total) ctx.say(`audit: ${to}/${total}`);
    }
    return { auditEntries: total };
  },
};

export default area;
