import { randomInt, randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { memberAddressRequests, memberEmailChanges, members, type AddressRequestStatus } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { buildMemberExport, exportToCsv } from "~/domain/members/member-page.server";
import { SITUATION_LABELS, statusBesideSituation } from "~/domain/members/member-options";
import { authorize, type Actor } from "~/auth/authorize";
import { sendMail } from "~/integrations/mailer.server";
import { maskCpfForList } from "~/lib/br/cpf";
import { AppError } from "~/utils/app-error";
import { appUrl } from "~/utils/env.server";
import { errorFields, log } from "~/utils/logger.server";
import { safeEqual } from "~/utils/crypto.server";
import { hitRateLimit, retryMessage } from "~/utils/rate-limit.server";
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, codeHash, countWrongCode, emailOnFile, useCodeOnce } from "./member-auth.server";
import { enqueueEmail } from "~/jobs/send-email.server";
import { memberActor, type MemberSession } from "./member-session.server";
import { ADDRESS_REVIEW_MESSAGES, MY_DATA_MESSAGES, type AddressInput } from "./my-data";
import { greetedText } from "~/lib/first-name";

/**
 * "Meus dados" (issue 23 §4, ADR 275): what the union holds about the signed-in member, and their
 * corrections of it. Every function takes the member's session: a member reads and changes their
 * own record only. Every change is audited with the member as the actor (ADR 270) and field
 * names only in the data.
 *
 * - phone: applied at once;
 * - e-mail: applied once the 6-digit code e-mailed to the NEW address is typed (the sign-in's code
 *   rules: HMAC only, 10 minutes, single use, 5 tries; requests limited per member);
 * - address: queued in member_address_requests for rh's approval (one pending per member).
 */

const actorOf = (m: MemberSession) => memberActor({ memberId: m.memberId, registrationNumber: m.registrationNumber });

/** The member's row, never an anonymised one (their session would have ended already). */
async function ownRow(m: MemberSession) {
  const [row] = await db()
    .select()
    .from(members)
    .where(and(eq(members.id, m.memberId), isNull(members.anonymizedAt)));
  if (!row) throw new AppError(404, "Cadastro não encontrado.");
  return row;
}

export type MyDataPage = Awaited<ReturnType<typeof myData>>;

/** The member's e-mail change still waiting for its code: unused, unexpired, with tries left. */
function liveEmailChange(memberId: string) {
  return and(
    eq(memberEmailChanges.memberId, memberId),
    isNull(memberEmailChanges.usedAt),
    gt(memberEmailChanges.expiresAt, new Date()),
    lt(memberEmailChanges.attempts, CODE_MAX_ATTEMPTS),
  );
}

/** The page: the record with pt-BR values, the e-mail waiting for its code, the address requests. */
export async function myData(m: MemberSession) {
  const row = await ownRow(m);
  const [pendingEmail] = await db()
    .select({ newEmail: memberEmailChanges.newEmail, expiresAt: memberEmailChanges.expiresAt })
    .from(memberEmailChanges)
    .where(liveEmailChange(m.memberId))
    .orderBy(desc(memberEmailChanges.createdAt))
    .limit(1);
  const requests = await db()
    .select()
    .from(memberAddressRequests)
    .where(and(eq(memberAddressRequests.memberId, m.memberId), ne(memberAddressRequests.status, "replaced")))
    .orderBy(desc(memberAddressRequests.createdAt))
    .limit(5);
  const pending = requests.find((r) => r.status === "pending") ?? null;
  const lastDecided = requests.find((r) => r.status !== "pending") ?? null;
  return {
    record: {
      name: row.name,
      registrationNumber: row.registrationNumber,
      cpf: row.cpf ? maskCpfForList(row.cpf) : null,
      birthDate: row.birthDate,
      gender: row.gender,
      email: row.email,
      mobilePhone: row.mobilePhone,
      homePhone: row.homePhone,
      address: row.address,
      city: row.city,
      state: row.state,
      cep: row.cep,
      region: row.region,
      workplaceName: row.workplaceName,
      situation: row.situation == null ? null : (SITUATION_LABELS[String(row.situation)] ?? null),
      // Only when it says more than the situação, and as a word, not the raw code.
      status: statusBesideSituation(row),
      joinedOn: row.joinedOn,
      updatedAt: row.updatedAt.toISOString(),
    },
    pendingEmail: pendingEmail ? { newEmail: pendingEmail.newEmail, expiresAt: pendingEmail.expiresAt.toISOString() } : null,
    pendingAddress: pending ? addressView(pending) : null,
    lastDecision: lastDecided ? { ...addressView(lastDecided), decidedAt: lastDecided.decidedAt?.toISOString() ?? null } : null,
  };
}

function addressView(r: typeof memberAddressRequests.$inferSelect) {
  return {
    id: r.id,
    address: r.address,
    city: r.city,
    state: r.state,
    cep: r.cep,
    region: r.region,
    status: r.status as AddressRequestStatus,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Celular (required) and telefone residencial (blank clears it): applied at once, audited. */
export async function changeMyPhone(m: MemberSession, input: { mobilePhone: string; homePhone: string | null }) {
  await db().transaction(async (tx) => {
    const [row] = await tx
      .select({ mobilePhone: members.mobilePhone, homePhone: members.homePhone })
      .from(members)
      .where(and(eq(members.id, m.memberId), isNull(members.anonymizedAt)))
      .for("update");
    if (!row) throw new AppError(404, "Cadastro não encontrado.");
    const changed = (["mobilePhone", "homePhone"] as const).filter((k) => (row[k] ?? null) !== input[k]);
    if (!changed.length) return;
    await tx
      .update(members)
      .set({ mobilePhone: input.mobilePhone, homePhone: input.homePhone, updatedAt: sql`now()` })
      .where(eq(members.id, m.memberId));
    await recordAudit(tx, actorOf(m), "member_area.contact_changed", m.memberId, {
      registrationNumber: m.registrationNumber,
      changed: [...changed],
    });
  });
  return MY_DATA_MESSAGES.phoneSaved;
}

/**
 * A new e-mail: a 6-digit code is sent to it (not to the old one: the point is to prove the new
 * address is theirs). Limited per member (each request sends an e-mail). A new request replaces
 * the earlier one.
 */
export async function requestEmailChange(m: MemberSession, newEmail: string) {
  const row = await ownRow(m);
  if ((row.email ?? "").trim().toLowerCase() === newEmail) throw new AppError(400, MY_DATA_MESSAGES.emailSame, "email");
  const limit = await hitRateLimit("memberEmailChange", m.memberId);
  if (!limit.allowed) throw new AppError(429, MY_DATA_MESSAGES.tooManyEmailRequests(retryMessage(limit.retryAfterSeconds)), "email");
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const id = randomUUID();
  const hash = await codeHash(id, code);
  await db().transaction(async (tx) => {
    await tx.delete(memberEmailChanges).where(and(eq(memberEmailChanges.memberId, m.memberId), isNull(memberEmailChanges.usedAt)));
    await tx
      .insert(memberEmailChanges)
      .values({ id, memberId: m.memberId, newEmail, codeHash: hash, expiresAt: new Date(Date.now() + CODE_TTL_MS) });
    await recordAudit(tx, actorOf(m), "member_area.email_code_sent", m.memberId, { registrationNumber: m.registrationNumber });
  });
  // Straight away, not through the job queue: the code never sits in the database in clear (ADR 270).
  void sendMail({
    to: newEmail,
    subject: `Código de confirmação do novo e-mail: ${code} - Área do Filiado`,
    text: greetedText(m.firstName, [
      "Para confirmar este endereço como o seu novo e-mail no cadastro do sindicato, digite este código na Área do Filiado:",
      "",
      `    ${code}`,
      "",
      "Ele vale por 10 minutos e só pode ser usado uma vez.",
      `Meus dados: ${appUrl()}/filiado/dados`,
      "",
      "Se você não pediu esta troca, ignore esta mensagem: o e-mail cadastrado não muda sem o código.",
      "",
    ]),
  }).catch((err) => log.error("falha ao enviar o código de confirmação do novo e-mail", errorFields(err)));
  return MY_DATA_MESSAGES.emailCodeSent(newEmail);
}

/** The code step: right → the e-mail is changed (single use); wrong → counts against the code. */
export async function confirmEmailChange(m: MemberSession, code: string) {
  const [row] = await db()
    .select()
    .from(memberEmailChanges)
    .where(liveEmailChange(m.memberId))
    .orderBy(desc(memberEmailChanges.createdAt))
    .limit(1);
  const given = await codeHash(row?.id ?? "none", code);
  if (!row || !safeEqual(given, row.codeHash)) {
    if (row) {
      await countWrongCode(memberEmailChanges, row.id);
      await recordAudit(db(), actorOf(m), "member_area.email_code_failed", m.memberId, { registrationNumber: m.registrationNumber });
    }
    throw new AppError(401, MY_DATA_MESSAGES.emailWrongCode, "code");
  }
  const oldEmail = await db().transaction(async (tx) => {
    if (!(await useCodeOnce(tx, memberEmailChanges, row.id))) throw new AppError(401, MY_DATA_MESSAGES.emailWrongCode, "code");
    const [before] = await tx
      .select({ email: members.email })
      .from(members)
      .where(and(eq(members.id, m.memberId), isNull(members.anonymizedAt)))
      .for("update");
    if (!before) throw new AppError(404, "Cadastro não encontrado.");
    await tx
      .update(members)
      .set({ email: row.newEmail, updatedAt: sql`now()` })
      .where(eq(members.id, m.memberId));
    // The used row has done its work: it would only be a copy of the address.
    await tx.delete(memberEmailChanges).where(eq(memberEmailChanges.memberId, m.memberId));
    await recordAudit(tx, actorOf(m), "member_area.email_changed", m.memberId, {
      registrationNumber: m.registrationNumber,
      changed: ["email"],
    });
    return before.email;
  });
  // The old address is told, so a change nobody asked for does not go unseen.
  if (oldEmail && oldEmail.includes("@"))
    void sendMail({
      to: oldEmail,
      subject: "Seu e-mail foi alterado - Área do Filiado",
      text: greetedText(m.firstName, [
        "O e-mail do seu cadastro no sindicato foi alterado pela Área do Filiado. Os próximos códigos de acesso irão para o novo endereço.",
        "",
        "Se não foi você, entre em contato com o sindicato.",
        "",
      ]),
    }).catch((err) => log.error("falha ao avisar o e-mail antigo do filiado", errorFields(err)));
  return MY_DATA_MESSAGES.emailChanged;
}

/** An address for rh's approval: replaces a pending one of the member's, audited. */
export async function requestAddressChange(m: MemberSession, input: AddressInput) {
  await ownRow(m);
  await db().transaction(async (tx) => {
    await tx
      .update(memberAddressRequests)
      .set({ status: "replaced", decidedAt: sql`now()` })
      .where(and(eq(memberAddressRequests.memberId, m.memberId), eq(memberAddressRequests.status, "pending")));
    const [created] = await tx
      .insert(memberAddressRequests)
      .values({ memberId: m.memberId, ...input })
      .returning({ id: memberAddressRequests.id });
    await recordAudit(tx, actorOf(m), "member_area.address_requested", m.memberId, {
      registrationNumber: m.registrationNumber,
      requestId: created.id,
    });
  });
  return MY_DATA_MESSAGES.addressRequested;
}

/** "Baixar meus dados": the admin's LGPD export (the same builder), audited as the member. */
export async function exportMyData(m: MemberSession, format: "json" | "csv") {
  const data = await buildMemberExport(m.memberId, () =>
    recordAudit(db(), actorOf(m), "member_area.data_exported", m.memberId, { registrationNumber: m.registrationNumber, format }),
  );
  return {
    name: `meus-dados-${m.registrationNumber}.${format}`,
    body: format === "csv" ? exportToCsv(data) : JSON.stringify(data, null, 2),
  };
}

// ── Staff: the pending addresses (rh and admin) ─────────────────────────────────────────────

export async function listPendingAddressRequests(actor: Actor) {
  authorize(actor, "members.address-review");
  const rows = await db()
    .select({
      id: memberAddressRequests.id,
      memberId: members.id,
      name: members.name,
      registrationNumber: members.registrationNumber,
      address: memberAddressRequests.address,
      city: memberAddressRequests.city,
      state: memberAddressRequests.state,
      cep: memberAddressRequests.cep,
      region: memberAddressRequests.region,
      createdAt: memberAddressRequests.createdAt,
      currentAddress: members.address,
      currentCity: members.city,
      currentState: members.state,
      currentCep: members.cep,
      currentRegion: members.region,
    })
    .from(memberAddressRequests)
    .innerJoin(members, eq(members.id, memberAddressRequests.memberId))
    .where(and(eq(memberAddressRequests.status, "pending"), isNull(members.anonymizedAt)))
    .orderBy(asc(memberAddressRequests.createdAt))
    .limit(200);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function countPendingAddressRequests(memberId?: string) {
  return db().$count(
    memberAddressRequests,
    and(eq(memberAddressRequests.status, "pending"), memberId ? eq(memberAddressRequests.memberId, memberId) : undefined),
  );
}

const ADDRESS_FIELDS = ["address", "city", "state", "cep", "region"] as const;

/**
 * The member learns the answer by e-mail, queued with the decision (the member-area trial: the
 * answer waited in "Meus dados" for someone who had no reason to look). No address in it: the
 * message says where to see it.
 */
async function tellMemberOfDecision(tx: Tx, member: { name: string; email: string | null }, approve: boolean) {
  const to = emailOnFile(member.email);
  if (!to) return;
  await enqueueEmail(
    {
      to,
      subject: approve
        ? "Seu novo endereço foi aprovado - Área do Filiado"
        : "Seu pedido de mudança de endereço não foi aprovado - Área do Filiado",
      text: greetedText(member.name, [
        approve
          ? "O sindicato aprovou o endereço que você informou, e ele já está no seu cadastro."
          : "O sindicato não aprovou o endereço que você informou; o cadastro continua com o endereço anterior. Para saber o motivo ou enviar um comprovante, entre em contato com o sindicato.",
        "",
        `Meus dados: ${appUrl()}/filiado/dados`,
        "",
      ]),
    },
    { tx },
  );
}

/** Approve (the address is applied to the record) or reject a pending request; audited as staff. */
export async function decideAddressRequest(actor: Actor, id: string, approve: boolean) {
  authorize(actor, "members.address-review");
  await db().transaction(async (tx) => {
    const [req] = await tx
      .select()
      .from(memberAddressRequests)
      .where(and(eq(memberAddressRequests.id, id), eq(memberAddressRequests.status, "pending")))
      .for("update");
    if (!req) throw new AppError(409, ADDRESS_REVIEW_MESSAGES.notPending);
    const [member] = await tx
      .select()
      .from(members)
      .where(and(eq(members.id, req.memberId), isNull(members.anonymizedAt)))
      .for("update");
    if (!member) throw new AppError(409, ADDRESS_REVIEW_MESSAGES.notPending);
    await tx
      .update(memberAddressRequests)
      .set({ status: approve ? "approved" : "rejected", decidedAt: sql`now()`, decidedBy: actor.id })
      .where(eq(memberAddressRequests.id, req.id));
    await tellMemberOfDecision(tx, member, approve);
    if (!approve) {
      await recordAudit(tx, actor, "member_area.address_rejected", member.id, {
        registrationNumber: member.registrationNumber,
        requestId: req.id,
      });
      return;
    }
    const changed = ADDRESS_FIELDS.filter((k) => (member[k] ?? null) !== (req[k] ?? null));
    await tx
      .update(members)
      .set({ address: req.address, city: req.city, state: req.state, cep: req.cep, region: req.region, updatedAt: sql`now()` })
      .where(eq(members.id, member.id));
    await recordAudit(tx, actor, "member_area.address_approved", member.id, {
      registrationNumber: member.registrationNumber,
      requestId: req.id,
      changed: [...changed],
    });
  });
  return approve ? ADDRESS_REVIEW_MESSAGES.approved : ADDRESS_REVIEW_MESSAGES.rejected;
}
