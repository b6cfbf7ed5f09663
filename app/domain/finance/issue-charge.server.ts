import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { charges, members } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { uniqueViolation } from "~/db/unique-violation.server";
import { authorize, type Actor } from "~/auth/authorize";
import { AppError } from "~/utils/app-error";
import { FINANCE_MESSAGES } from "./finance-options";
import type { IssueChargeInput } from "./finance.schema";

/**
 * Issues one charge (the original's 'Gerar Boleto' form): the member by registration number,
 * amount in centavos, reference month and year, due date. The same member, month and year
 * cannot be charged twice: the unique index decides, so two requests at once give one charge
 * and one 409 with a clear message, never a 500.
 */
export async function issueCharge(actor: Actor, input: IssueChargeInput) {
  authorize(actor, "finance.charge");
  const duplicate = () => new AppError(409, FINANCE_MESSAGES.duplicate(input.month, input.year), "month");
  try {
    return await db().transaction(async (tx) => {
      const [member] = await tx
        .select({ id: members.id, anonymizedAt: members.anonymizedAt })
        .from(members)
        .where(eq(members.registrationNumber, input.member));
      if (!member) throw new AppError(422, FINANCE_MESSAGES.memberNotFound, "member");
      if (member.anonymizedAt) throw new AppError(422, FINANCE_MESSAGES.memberAnonymized, "member");
      const [created] = await tx
        .insert(charges)
        .values({
          memberId: member.id,
          amountCentavos: input.amount,
          referenceMonth: input.month,
          referenceYear: input.year,
          dueDate: input.dueDate,
          createdBy: actor.id,
        })
        .onConflictDoNothing()
        .returning({ id: charges.id });
      if (!created) throw duplicate();
      await recordAudit(tx, actor, "charge.issued", created.id, {
        memberId: member.id,
        amountCentavos: input.amount,
        month: input.month,
        year: input.year,
        dueDate: input.dueDate,
      });
      return created;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (uniqueViolation(error) === "charges_member_period_key") throw duplicate();
    throw error;
  }
}
