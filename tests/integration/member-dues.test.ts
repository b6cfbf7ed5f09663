import { describe, expect, it } from "vitest";
import { brasiliaDateFromToday, createCharge, createPayment } from "~/db/factories/finance";
import { createMember } from "~/db/factories/members";
import { createUser } from "~/db/factories/users";
import { chargeTotals, listCharges } from "~/domain/finance/charges.server";
import { memberFinance } from "~/domain/finance/member-finance.server";
import { myDues, myReceipt, receiptCode } from "~/domain/member-area/dues.server";
import { isAppError } from "~/utils/app-error";
import { useUseCaseDatabase } from "../support/use-case-db";

/**
 * "Minhas mensalidades" (issue 23 §2, ADR 271): the member's figures are the finance screens'.
 * The same member's charges are read through the staff's member page (memberFinance), the charges
 * screen (listCharges with the member's matrícula as search) and its totals per status filter,
 * and through the member's own page: every status, due date, amount and total agrees.
 */
const t = useUseCaseDatabase();

describe("the member's dues and the finance screens", () => {
  it("agree on every charge's status, due date and amount, and on the open and overdue totals", async () => {
    const staff = await createUser(t.db, { role: "financeiro" });
    const member = await createMember(t.db, { situation: 1 });
    const other = await createMember(t.db, { situation: 1 });
    const y = Number(brasiliaDateFromToday(0).slice(0, 4));
    for (let i = 0; i < 9; i++) {
      const c = await createCharge(t.db, {
        memberId: member.id,
        amountCentavos: 5000 + i * 137,
        referenceYear: y - 1,
        referenceMonth: i + 1,
        dueDate: brasiliaDateFromToday(-300 + i * 40),
      });
      if (i % 3 === 0) await createPayment(t.db, { chargeId: c.id, amountCentavos: c.amountCentavos });
    }
    await createCharge(t.db, { memberId: other.id, amountCentavos: 9999, dueDate: brasiliaDateFromToday(-5) });

    const mine = await myDues({ memberId: member.id });
    const staffView = (await memberFinance(staff, member.id))!;
    expect(mine.charges.map(({ pix: _pix, ...c }) => c)).toEqual(staffView);

    const q = String(member.registrationNumber);
    const listed = await listCharges(staff, { filter: "all", q, page: 1 });
    expect(listed.rows.map((r) => [r.id, r.status, r.dueDate, r.amountCentavos]).sort()).toEqual(
      mine.charges.map((c) => [c.id, c.status, c.dueDate, c.amountCentavos]).sort(),
    );
    const overdue = await chargeTotals(staff, { filter: "overdue", q });
    expect(mine.overdue).toEqual({ count: overdue.count, totalCentavos: overdue.amountCentavos });
    const all = await chargeTotals(staff, { filter: "all", q });
    expect(mine.open.totalCentavos).toBe(all.openCentavos);
    expect(mine.overdue.count).toBeGreaterThan(0);
  });

  it("gives a receipt for the member's own paid charge only, with a stable verification code", async () => {
    const a = await createMember(t.db, { situation: 1 });
    const b = await createMember(t.db, { situation: 1 });
    const paid = await createCharge(t.db, { memberId: a.id, amountCentavos: 4321 });
    const payment = await createPayment(t.db, { chargeId: paid.id, amountCentavos: 4321 });
    const open = await createCharge(t.db, { memberId: a.id, referenceYear: 2001, referenceMonth: 1 });
    const receipt = await myReceipt({ memberId: a.id, registrationNumber: a.registrationNumber }, paid.id);
    expect(receipt).toMatchObject({ paidCentavos: 4321, registrationNumber: a.registrationNumber, code: await receiptCode(payment.id) });
    expect(receipt.code).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/);
    for (const [who, id] of [
      [b, paid.id],
      [a, open.id],
      [a, "not-a-uuid"],
    ] as const) {
      const err = await myReceipt({ memberId: who.id, registrationNumber: who.registrationNumber }, id).catch((e: unknown) => e);
      expect(isAppError(err) && err.status).toBe(404);
    }
  });
});
