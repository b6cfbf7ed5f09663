import { sql } from "drizzle-orm";
import { ROLES } from "~/auth/roles";
import { computePanel, hasFailure } from "~/domain/dashboards/load-panel.server";
import { check, type Check, type ScaleArea } from "../context";

/**
 * Every role's panel at the union's full size (issue 12), uncached: the server time of
 * `computePanel` (all its SQL aggregates, run as the loader runs them). Seeds nothing: it
 * measures whatever the other areas seeded. Target ≤ 100 ms p95 each.
 */
const TARGET_MS = 100;

const area: ScaleArea = {
  name: "dashboards",
  order: 90,
  async measure(ctx) {
    await ctx.db.execute(sql`analyze`);
    const out: Record<string, unknown> = {};
    const checks: Check[] = [];
    const counts = (
      await ctx.db.execute(sql`select
        (select count(*) from members)::int as members,
        (select count(*) from service_records)::int as service_records,
        (select count(*) from workplaces)::int as workplaces,
        (select count(*) from field_routes)::int as routes,
        (select count(*) from charges)::int as charges,
        (select count(*) from audit_log)::int as audit_entries`)
    ).rows[0];
    out.rowsSeen = counts;
    for (const role of ROLES) {
      const sample = await computePanel(role);
      if (hasFailure(sample)) out[`${role}Failed`] = true;
      const t = await ctx.timing(() => computePanel(role), 20);
      out[`${role}PanelP95Ms`] = t.p95;
      out[`${role}PanelP50Ms`] = t.p50;
      checks.push(check(`Painel (${role})`, t, TARGET_MS));
      ctx.say(`dashboards: ${role} p95 ${t.p95} ms`);
    }
    out.checks = checks;
    return out;
  },
};

export default area;
