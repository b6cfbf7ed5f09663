import { sql } from "drizzle-orm";
import { cardCode, myCard, verifyCard } from "~/domain/member-area/card.server";
import { myDues } from "~/domain/member-area/dues.server";
import { myServiceRecords } from "~/domain/member-area/my-services.server";
import { measuredFigures, type ScaleArea } from "../context";

/**
 * The Área do Filiado at full size (issue 23's targets): "Minhas mensalidades" of the member with
 * the most charges (24 months of 1.2 million), the card, the public check of a card's code (each
 * run from another address, as partners' phones are, so the limit per address is not what is
 * timed), and "Meus atendimentos" of the member with the most records. Nothing is seeded: the
 * members, finance and services areas' rows are the data.
 */
const TARGETS_MS: Record<string, number> = { dues: 20, card: 10, verify: 5, services: 30 };
const FIGURES: Record<string, string> = {
  dues: "Minhas mensalidades",
  card: "Carteirinha",
  verify: "Conferência pública da carteirinha",
  services: "Meus atendimentos (filiado)",
};
let duesMember = "";
let servicesMember = "";
let code = "";

const area: ScaleArea = {
  name: "member-area",
  order: 70,
  async measure({ db, timing }) {
    duesMember = (
      await db.execute<{ id: string }>(sql`select member_id as id from charges group by member_id order by count(*) desc limit 1`)
    ).rows[0].id;
    const withRecords = await db.execute<{ id: string }>(
      sql`select member_id as id from service_records where member_id is not null group by member_id order by count(*) desc limit 1`,
    );
    servicesMember = withRecords.rows[0]?.id ?? duesMember;
    code = await cardCode(duesMember);
    let n = 0;
    const figures = {
      dues: await timing(() => myDues({ memberId: duesMember }), 100),
      card: await timing(() => myCard({ memberId: duesMember }), 100),
      verify: await timing(() => {
        n += 1;
        return verifyCard(code, `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`);
      }, 200),
      services: await timing(() => myServiceRecords({ memberId: servicesMember }), 100),
    };
    return { targetsMs: TARGETS_MS, ...measuredFigures(figures, (key) => TARGETS_MS[key], FIGURES) };
  },
};

export default area;
