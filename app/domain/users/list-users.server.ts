import { asc } from "drizzle-orm";
import { countedPage } from "~/db/counted-page.server";
import { db } from "~/db/client.server";
import { accountColumns } from "~/db/account-columns.server";
import { users } from "~/db/schema";
import { authorize, type Actor } from "~/auth/authorize";
import { toUserListRow } from "./user-row";

/** Users a page (issue 24 §2: every list pages; a row with its four actions is ~5 kB of HTML). */
export const USERS_PAGE_SIZE = 25;

/** One page of the team, by name, with the total for the header and the pager. */
export async function listUsers(actor: Actor, o: { page?: number } = {}) {
  authorize(actor, "users.manage");
  const { rows, ...counts } = await countedPage(
    { table: users, where: undefined, size: USERS_PAGE_SIZE, page: o.page ?? 1 },
    db()
      .select({ ...accountColumns, createdAt: users.createdAt, lastLoginAt: users.lastLoginAt })
      .from(users)
      .orderBy(asc(users.name), asc(users.id))
      .$dynamic(),
  );
  return { rows: rows.map(toUserListRow), ...counts };
}
