import { describe, expect, it } from "vitest";
import { SERVICE_STATUSES } from "~/domain/service-records/service-options";
import { SERVICE_SECTORS } from "~/auth/scopes";
import { useTestServer } from "../support/suite";

/** The demo's service records: every sector and status, histories that end on the record's status, some overdue. */
const t = useTestServer({ seed: ["users", "services"] });

describe("service records demo seed", () => {
  it("covers every sector and status with consistent histories", async () => {
    const rows = await t.query<{ sector: string; status: string }>`select sector, status from service_records`;
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(new Set(rows.map((r) => r.sector))).toEqual(new Set(SERVICE_SECTORS));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(SERVICE_STATUSES));
    const mismatched = await t.query<{ id: string }>`
      select r.id from service_records r
      join lateral (select new_status from service_record_entries e where e.record_id = r.id order by e.id desc limit 1) last on true
      where last.new_status <> r.status`;
    expect(mismatched).toEqual([]);
    const [{ overdue }] = await t.query<{ overdue: number }>`
      select count(*)::int as overdue from service_records where due_at < now() and status in ('pending', 'in_progress')`;
    expect(overdue).toBeGreaterThan(0);
    const admin = await t.login({ username: "admin", password: "Demo@2026" });
    const res = await admin.get("/dashboard/atendimentos");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("40 atendimentos");
  });
});
