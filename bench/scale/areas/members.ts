import { randomUUID } from "node:crypto";
import { count, sql } from "drizzle-orm";
import { members } from "~/db/schema";
import { createMembers } from "~/db/factories/members";
import { listMembers } from "~/domain/members/list-members.server";
import type { Actor } from "~/auth/authorize";
import { measuredFigures, type ScaleArea } from "../context";

/**
 * Members (issue 8): 50,000 realistic members (valid CPFs, accented names, every situação)
 * through the factory's bulk insert (1,000-row INSERTs), then the p95 server time of the
 * screen's queries (the use case the loader calls: count + one page). Target: each ≤ 30 ms.
 */
const actor: Actor = { id: randomUUID(), username: "bench", role: "admin" };
const TARGET_MS = 30;
const FIGURES = {
  nameSearch: 'Busca por nome "conceicao"',
  nameSearchTwoWords: 'Busca por dois nomes "joão silva"',
  registrationSearch: "Busca por matrícula",
  activeTabPage1: "Aba Ativos, página 1",
  page200: "Todos, página 200",
  count: "Contagem de filiados",
};

const area: ScaleArea = {
  name: "members",
  order: 10,
  async seed({ db, sizes, say }) {
    for (let done = 0; done < sizes.members; done += 10_000) {
      await createMembers(db, Math.min(10_000, sizes.members - done));
      say(`filiados: ${Math.min(sizes.members, done + 10_000)}/${sizes.members}`);
    }
    // What autovacuum does in steady state after a bulk load: the visibility map lets counts use
    // index-only scans.
    await db.execute(sql`VACUUM (ANALYZE) members`);
    return { members: sizes.members };
  },
  async measure({ db, sizes, timing }) {
    const registration = Math.max(1, Math.floor(sizes.members * 0.62));
    const lastPage = Math.ceil(sizes.members / 10);
    const figures = {
      // 'conceicao' finds 'Conceição' (first name or surname): accent- and case-insensitive.
      nameSearch: await timing(() => listMembers(actor, { q: "conceicao", tab: "todos", page: 1 })),
      nameSearchTwoWords: await timing(() => listMembers(actor, { q: "joão silva", tab: "todos", page: 1 })),
      registrationSearch: await timing(() => listMembers(actor, { q: String(registration), tab: "todos", page: 1 })),
      activeTabPage1: await timing(() => listMembers(actor, { q: "", tab: "ativos", page: 1 })),
      page200: await timing(() => listMembers(actor, { q: "", tab: "todos", page: Math.min(200, lastPage) })),
      count: await timing(() => db.select({ n: count() }).from(members)),
    };
    return { targetMs: TARGET_MS, ...measuredFigures(figures, () => TARGET_MS, FIGURES) };
  },
};

export default area;
