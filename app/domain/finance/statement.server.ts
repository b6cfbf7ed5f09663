import { createHash } from "node:crypto";
import { and, asc, eq, gte, isNull, lte, sql, type SQL } from "drizzle-orm";
import { db, type Db, type Tx } from "~/db/client.server";
import { charges, members, payments } from "~/db/schema";
import { authorize, type Actor } from "~/auth/authorize";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { isUniqueViolation } from "~/db/unique-violation.server";
import type { Upload } from "~/domain/files/file-store.server";
import { AppError } from "~/utils/app-error";
import { formatDate, todayInBrasilia } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { chargeIdFromTxid } from "~/lib/pix";
import { parseBankStatement, StatementError, type BankStatement, type StatementCredit } from "~/lib/bank-statement";
import { STATEMENT_MAX_BYTES, STATEMENT_MAX_CONFIRM, STATEMENT_PAGE_MESSAGES } from "./pix.schema";
import { earliestPaidOn } from "./payment-dates";
import type { PossibleDuplicate, Proposal, StatementMatch, Unmatched } from "./statement-types";
import type { ChargeFields as ChargeRowFields } from "./charge-row";
import { CHARGE_FIELD_COLUMNS } from "./charge-columns.server";

export type { PossibleDuplicate, Proposal, StatementMatch, Unmatched };

/**
 * Matching the bank's statement of received PIX against open charges (issue 11, ADRs 158, 180).
 *
 * A credit line is proposed for a charge when
 *   - its txid (ours, see txidForCharge) names an open charge of the same amount, or
 *   - its amount equals an open charge's and the payer's name equals the member's, accents,
 *     case and punctuation ignored; when that member has several such charges open, the oldest
 *     (earliest due date) not already proposed to another line. A name shared by two members
 *     is ambiguous and left for manual handling.
 * and its date is neither in the future nor before the charge's year (ADR 181).
 *
 * One credit pays one charge (ADR 180):
 *   - each line has a fingerprint of what identifies the credit — date, amount, the payer's
 *     bank (ISPB), CPF/CNPJ and folded name, the txid — never the description's wording, plus
 *     how many identical lines came before it in the file. It is stored on the payment
 *     (`payments.statement_ref`, unique among active payments): the same line sent again is
 *     "already registered";
 *   - a line the fingerprint does not recognise, but which would pay a member who already has
 *     an active PIX payment of the same day and amount (not accounted for by another line of
 *     this file, and not told apart by a different txid or bank), is a **possible duplicate**:
 *     listed apart, registered only when ticked explicitly as such.
 * Every other credit is listed with its reason. Confirming registers the ticked lines in one
 * transaction, after matching again inside it: all of them, or none.
 *
 * Every lookup takes its list (fingerprints, charge ids, names, amounts, members) as ONE bind
 * parameter, a JSON array, so a statement of any size under the upload cap stays one query per
 * lookup and far below PostgreSQL's 65,535 parameters (ADR 181).
 */

export const STATEMENT_REASONS = {
  alreadyImported: "Já registrado em uma conciliação anterior.",
  txidUnknown: "O txid não corresponde a nenhuma cobrança.",
  txidPaid: (what: string) => `A cobrança deste txid (${what}) já está paga.`,
  txidAmount: (amount: string) => `Valor diferente do cobrado na cobrança deste txid (${amount}).`,
  duplicateInFile: "Outro lançamento deste extrato já paga esta cobrança.",
  noName: "O extrato não traz o nome do pagador.",
  ambiguous: "Mais de um filiado com este nome tem cobrança em aberto deste valor.",
  allPaid: "As cobranças deste valor para este filiado já estão pagas.",
  noMatch: "Nenhuma cobrança em aberto com este nome e valor.",
  future: "Data no futuro.",
  beforeCharge: "A data do crédito é anterior ao ano da cobrança.",
  duplicateNoCharge:
    "Pode ser um crédito já registrado (mesmo filiado, data e valor), e não há outra cobrança deste valor em aberto para ele.",
} as const;

type Handle = Db | Tx;

/** A name as matching compares it: no accents, lower case, only letters and digits between single spaces. */
export function foldName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

// The same folding in SQL (both drivers): Portuguese accents translated before lower(), whose
// treatment of non-ASCII letters depends on the database's locale.
const ACCENTED = "ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäéèêëíìîïóòôõöúùûüçñýÿ";
const PLAIN = "AAAAAEEEEIIIIOOOOOUUUUCNYaaaaaeeeeiiiiooooouuuucnyy";
const foldedMemberName = sql<string>`trim(regexp_replace(lower(translate(${members.name}, ${ACCENTED}, ${PLAIN})), '[^a-z0-9]+', ' ', 'g'))`;

/** A list as one bind parameter: `x in ${jsonList(values, "uuid")}` (ADR 181). */
function jsonList(values: readonly (string | number)[], type: "text" | "uuid" | "bigint"): SQL {
  const json = JSON.stringify(values.map(String));
  return sql`(select v::${sql.raw(type)} from jsonb_array_elements_text(${json}::jsonb) as v)`;
}

/** What identifies a credit, whatever its description says (ADR 180). */
export function creditIdentity(c: Pick<StatementCredit, "date" | "amountCentavos" | "ispb" | "payerDocument" | "name" | "txid">): string {
  return [c.date, c.amountCentavos, c.ispb ?? "", c.payerDocument ?? "", foldName(c.name), c.txid ?? ""].join("|");
}

/** The line's fingerprint: its identity, plus how many lines of the same identity came before it in the file. */
function fingerprint(identity: string, occurrence: number) {
  return createHash("sha256").update(`${identity}|${occurrence}`).digest("hex").slice(0, 16);
}

export function paymentNote(p: Pick<Proposal, "payerName" | "line" | "via" | "ref">) {
  const via = p.via === "txid" ? "txid" : "valor e nome";
  return `Conciliação do extrato (linha ${p.line}, por ${via}): ${p.payerName || "pagador sem nome"} [ref:${p.ref}]`;
}

export function statementDigest(bytes: Uint8Array) {
  return createHash("sha256").update(bytes).digest("hex");
}

type ChargeCandidate = ChargeRowFields & {
  paid: boolean;
  folded: string;
  /** The earliest payment date this charge accepts (ADR 181). */
  earliest: string;
};

const candidateColumns = {
  ...CHARGE_FIELD_COLUMNS,
  createdAt: charges.createdAt,
  paidCentavos: charges.paidCentavos,
  folded: foldedMemberName,
};

async function loadCandidates(h: Handle, where: SQL | undefined): Promise<ChargeCandidate[]> {
  const rows = await h
    .select(candidateColumns)
    .from(charges)
    .innerJoin(members, eq(members.id, charges.memberId))
    .where(where)
    .orderBy(asc(charges.dueDate), asc(charges.referenceYear), asc(charges.referenceMonth), asc(charges.id));
  return rows.map(({ paidCentavos, createdAt, ...r }) => ({
    ...r,
    paid: paidCentavos !== null,
    earliest: earliestPaidOn({ referenceYear: r.referenceYear, createdAt }),
  }));
}

/** An active PIX payment of a member whose charges a line could pay. */
type Registered = {
  id: string;
  memberId: string;
  chargeId: string;
  referenceMonth: number;
  referenceYear: number;
  paidOn: string;
  amountCentavos: number;
  statementRef: string | null;
  statementTxid: string | null;
  statementIspb: string | null;
};

const period = (c: Pick<ChargeCandidate, "referenceMonth" | "referenceYear">) =>
  `${String(c.referenceMonth).padStart(2, "0")}/${c.referenceYear}`;

/** Two credits told apart by what they carry: different txids, or different payer banks. */
function distinct(line: Pick<StatementCredit, "txid" | "ispb">, p: Registered) {
  return (
    (line.txid !== null && p.statementTxid !== null && line.txid !== p.statementTxid) ||
    (line.ispb !== null && p.statementIspb !== null && line.ispb !== p.statementIspb)
  );
}

/** Proposals, possible duplicates and unmatched lines for a parsed statement, against the database as it is now. */
export async function matchStatement(
  h: Handle,
  statement: BankStatement,
  digest: string,
  o: { today?: string } = {},
): Promise<StatementMatch> {
  const today = o.today ?? todayInBrasilia();
  const seen = new Map<string, number>();
  const credits = statement.credits.map((c) => {
    const identity = creditIdentity(c);
    const occurrence = seen.get(identity) ?? 0;
    seen.set(identity, occurrence + 1);
    return {
      credit: c,
      ref: fingerprint(identity, occurrence),
      chargeId: c.txid ? chargeIdFromTxid(c.txid) : null,
      folded: foldName(c.name),
    };
  });

  // Lines already registered: their payment, by fingerprint.
  const importedRows = credits.length
    ? await h
        .select({ id: payments.id, ref: payments.statementRef })
        .from(payments)
        .where(
          and(
            isNull(payments.undoneAt),
            sql`${payments.statementRef} in ${jsonList(
              credits.map((c) => c.ref),
              "text",
            )}`,
          ),
        )
    : [];
  const imported = new Map(importedRows.map((r) => [r.ref!, r.id]));

  const txidIds = [...new Set(credits.map((c) => c.chargeId).filter((id): id is string => id !== null))];
  const byId = new Map(
    (txidIds.length ? await loadCandidates(h, sql`${charges.id} in ${jsonList(txidIds, "uuid")}`) : []).map((c) => [c.id, c]),
  );

  const nameCredits = credits.filter((c) => c.chargeId === null && c.folded !== "");
  const names = [...new Set(nameCredits.map((c) => c.folded))];
  const amounts = [...new Set(nameCredits.map((c) => c.credit.amountCentavos))];
  const byNameAmount = new Map<string, ChargeCandidate[]>();
  if (names.length) {
    const rows = await loadCandidates(
      h,
      and(sql`${charges.amountCentavos} in ${jsonList(amounts, "bigint")}`, sql`${foldedMemberName} in ${jsonList(names, "text")}`),
    );
    for (const c of rows) {
      const key = `${c.folded}|${c.amountCentavos}`;
      byNameAmount.set(key, [...(byNameAmount.get(key) ?? []), c]);
    }
  }

  // The active PIX payments of every member a line could pay, over the statement's days.
  const memberIds = [...new Set([...byId.values(), ...[...byNameAmount.values()].flat()].map((c) => c.memberId))];
  const dates = credits.map((c) => c.credit.date).sort();
  const registered = new Map<string, Registered[]>();
  if (memberIds.length) {
    const rows = await h
      .select({
        id: payments.id,
        memberId: charges.memberId,
        chargeId: charges.id,
        referenceMonth: charges.referenceMonth,
        referenceYear: charges.referenceYear,
        paidOn: payments.paidOn,
        amountCentavos: payments.amountCentavos,
        statementRef: payments.statementRef,
        statementTxid: payments.statementTxid,
        statementIspb: payments.statementIspb,
      })
      .from(payments)
      .innerJoin(charges, eq(charges.id, payments.chargeId))
      .where(
        and(
          isNull(payments.undoneAt),
          eq(payments.method, "pix"),
          gte(payments.paidOn, dates[0]),
          lte(payments.paidOn, dates[dates.length - 1]),
          sql`${charges.memberId} in ${jsonList(memberIds, "uuid")}`,
        ),
      )
      .orderBy(asc(payments.createdAt), asc(payments.id));
    for (const r of rows) {
      const key = `${r.memberId}|${r.paidOn}|${r.amountCentavos}`;
      registered.set(key, [...(registered.get(key) ?? []), r]);
    }
  }
  // A payment whose own line is in this file is that line's, not a possible duplicate's.
  const accountedFor = new Set(imported.values());

  type ChargeFields = Pick<Proposal, "chargeId" | "memberName" | "registrationNumber" | "referenceMonth" | "referenceYear" | "dueDate">;
  const claimed = new Set<string>();
  const proposals: Proposal[] = [];
  const unmatched: Unmatched[] = [];
  const suspects: { base: Omit<Proposal, keyof ChargeFields | "via">; via: Proposal["via"]; of: Registered; charges: ChargeCandidate[] }[] =
    [];
  const chargeFields = (charge: ChargeCandidate): ChargeFields => ({
    chargeId: charge.id,
    memberName: charge.memberName,
    registrationNumber: charge.registrationNumber,
    referenceMonth: charge.referenceMonth,
    referenceYear: charge.referenceYear,
    dueDate: charge.dueDate,
  });

  for (const { credit: c, ref, chargeId, folded } of credits) {
    const base = {
      line: c.line,
      date: c.date,
      amountCentavos: c.amountCentavos,
      payerName: c.name,
      description: c.description,
      ref,
      txid: c.txid,
      ispb: c.ispb,
    };
    const skip = (reason: string) =>
      unmatched.push({
        line: c.line,
        date: c.date,
        amountCentavos: c.amountCentavos,
        payerName: c.name,
        description: c.description,
        reason,
      });
    /** The payment of the same member, day and amount this line may repeat, if any (taken: one line per payment). */
    const suspect = (memberId: string) => {
      const found = (registered.get(`${memberId}|${c.date}|${c.amountCentavos}`) ?? []).find(
        (p) => !accountedFor.has(p.id) && !distinct(c, p),
      );
      if (found) accountedFor.add(found.id);
      return found;
    };
    const propose = (charge: ChargeCandidate, via: Proposal["via"], open: ChargeCandidate[]) => {
      const of = suspect(charge.memberId);
      if (of) {
        // Charged only after every other line has taken its own (see below).
        suspects.push({ base, via, of, charges: open });
        return;
      }
      claimed.add(charge.id);
      proposals.push({ ...base, via, ...chargeFields(charge) });
    };
    if (imported.has(ref)) {
      skip(STATEMENT_REASONS.alreadyImported);
      continue;
    }
    if (c.date > today) {
      skip(STATEMENT_REASONS.future);
      continue;
    }
    if (chargeId !== null) {
      const charge = byId.get(chargeId);
      if (!charge) skip(STATEMENT_REASONS.txidUnknown);
      else if (charge.paid) skip(STATEMENT_REASONS.txidPaid(`${period(charge)} de ${charge.memberName}`));
      else if (charge.amountCentavos !== c.amountCentavos) skip(STATEMENT_REASONS.txidAmount(formatMoney(charge.amountCentavos)));
      else if (c.date < charge.earliest) skip(STATEMENT_REASONS.beforeCharge);
      else if (claimed.has(charge.id)) skip(STATEMENT_REASONS.duplicateInFile);
      else propose(charge, "txid", [charge]);
      continue;
    }
    if (!folded) {
      skip(STATEMENT_REASONS.noName);
      continue;
    }
    const all = byNameAmount.get(`${folded}|${c.amountCentavos}`) ?? [];
    const unpaid = all.filter((x) => !x.paid);
    const open = unpaid.filter((x) => !claimed.has(x.id));
    const inTime = open.filter((x) => c.date >= x.earliest);
    if (new Set(unpaid.map((x) => x.memberId)).size > 1) skip(STATEMENT_REASONS.ambiguous);
    else if (inTime.length) propose(inTime[0], "name", inTime);
    else if (open.length) skip(STATEMENT_REASONS.beforeCharge);
    else if (all.some((x) => x.paid) && all.every((x) => x.paid)) skip(STATEMENT_REASONS.allPaid);
    else if (all.length) skip(STATEMENT_REASONS.duplicateInFile);
    else skip(STATEMENT_REASONS.noMatch);
  }

  // Possible duplicates take the charges left over, so a line that surely is new keeps the oldest one.
  const duplicates: PossibleDuplicate[] = [];
  for (const { base, via, of, charges: open } of suspects) {
    const charge = open.find((x) => !claimed.has(x.id));
    if (!charge) {
      unmatched.push({
        line: base.line,
        date: base.date,
        amountCentavos: base.amountCentavos,
        payerName: base.payerName,
        description: base.description,
        reason: via === "txid" ? STATEMENT_REASONS.duplicateInFile : STATEMENT_REASONS.duplicateNoCharge,
      });
      continue;
    }
    claimed.add(charge.id);
    duplicates.push({
      ...base,
      via,
      ...chargeFields(charge),
      duplicateOf: {
        chargeId: of.chargeId,
        referenceMonth: of.referenceMonth,
        referenceYear: of.referenceYear,
        paidOn: of.paidOn,
        amountCentavos: of.amountCentavos,
        fromStatement: of.statementRef !== null,
      },
    });
  }
  unmatched.sort((a, b) => a.line - b.line);

  return {
    digest,
    format: statement.format,
    credits: statement.credits.length,
    debits: statement.debits,
    proposals,
    duplicates,
    unmatched,
    problems: statement.problems,
    counts: {
      proposals: proposals.length,
      duplicates: duplicates.length,
      unmatched: unmatched.length,
      problems: statement.problems.length,
    },
  };
}

/** The first `limit` of each list (the counts stay whole): what the page shows of a big statement. */
export function limitMatch(match: StatementMatch, limit = STATEMENT_MAX_CONFIRM): StatementMatch {
  return {
    ...match,
    proposals: match.proposals.slice(0, limit),
    duplicates: match.duplicates.slice(0, limit),
    unmatched: match.unmatched.slice(0, limit),
    problems: match.problems.slice(0, limit),
  };
}

/** The uploaded file as a statement, or a pt-BR 4xx. */
function readStatement(file: Upload | undefined): { statement: BankStatement; digest: string } {
  if (!file || file.bytes.length === 0) throw new AppError(400, STATEMENT_PAGE_MESSAGES.fileRequired, "arquivo");
  if (file.bytes.length > STATEMENT_MAX_BYTES) throw new AppError(413, STATEMENT_PAGE_MESSAGES.tooLarge, "arquivo");
  // A CSV is text: a NUL byte (xlsx/zip, PDF, images) or a known binary signature is not one.
  const head = file.bytes.subarray(0, 8);
  const binary = file.bytes.includes(0) || head.subarray(0, 4).toString("latin1") === "%PDF" || (head[0] === 0x50 && head[1] === 0x4b);
  if (binary) throw new AppError(415, STATEMENT_PAGE_MESSAGES.notCsv, "arquivo");
  try {
    return { statement: parseBankStatement(new Uint8Array(file.bytes)), digest: statementDigest(file.bytes) };
  } catch (e) {
    if (e instanceof StatementError) throw new AppError(400, e.message, "arquivo");
    throw e;
  }
}

/** The dry run: what the statement would register (the first STATEMENT_MAX_CONFIRM of each list). Nothing is written. */
export async function previewStatement(actor: Actor, file: Upload | undefined, o: { today?: string } = {}): Promise<StatementMatch> {
  authorize(actor, "finance.reconcile");
  const { statement, digest } = readStatement(file);
  return limitMatch(await matchStatement(db(), statement, digest, o));
}

// One matching-and-registering at a time (two instances included), so two confirmations of
// overlapping statements never pay one line twice.
const RECONCILE_LOCK = 110_158;

/**
 * Registers the ticked lines of the same file as payments (method pix), in one transaction with
 * one audit entry: `lines` among the proposals, `duplicates` among the possible duplicates (each
 * confirmed explicitly). A line ticked as a proposal that is now a possible duplicate, or any
 * ticked line no longer proposed, refuses the whole confirmation (409).
 */
export async function confirmStatement(
  actor: Actor,
  file: Upload | undefined,
  input: { digest: string; lines: number[]; duplicates?: number[] },
  o: { today?: string } = {},
) {
  authorize(actor, "finance.reconcile");
  const { statement, digest } = readStatement(file);
  if (digest !== input.digest) throw new AppError(409, STATEMENT_PAGE_MESSAGES.fileChanged);
  const lines = [...new Set(input.lines)].sort((a, b) => a - b);
  const confirmedDuplicates = new Set(input.duplicates ?? []);
  const all = [...new Set([...lines, ...confirmedDuplicates])].sort((a, b) => a - b);
  if (all.length === 0) throw new AppError(400, STATEMENT_PAGE_MESSAGES.noneSelected);
  if (all.length > STATEMENT_MAX_CONFIRM) throw new AppError(400, STATEMENT_PAGE_MESSAGES.tooMany);
  try {
    return await db().transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${RECONCILE_LOCK})`);
      const match = await matchStatement(tx, statement, digest, o);
      const proposed = new Map(match.proposals.map((p) => [p.line, p]));
      const suspected = new Map(match.duplicates.map((p) => [p.line, p]));
      const chosen = all.map((line) => {
        const p = proposed.get(line);
        if (p) return { ...p, duplicate: false };
        const d = suspected.get(line);
        if (d && confirmedDuplicates.has(line)) return { ...d, duplicate: true };
        if (d) throw new AppError(409, STATEMENT_PAGE_MESSAGES.possibleDuplicate(line));
        throw new AppError(409, STATEMENT_PAGE_MESSAGES.notProposed(line));
      });
      await tx.insert(payments).values(
        chosen.map((p) => ({
          chargeId: p.chargeId,
          paidOn: p.date,
          amountCentavos: p.amountCentavos,
          method: "pix",
          note: paymentNote(p),
          createdBy: actor.id,
          statementRef: p.ref,
          statementTxid: p.txid,
          statementIspb: p.ispb,
        })),
      );
      const total = chosen.reduce((s, p) => s + p.amountCentavos, 0);
      await recordAudit(tx, actor, "bank-statement.reconciled", digest.slice(0, 16), {
        payments: chosen.length,
        totalCentavos: total,
        chargeIds: chosen.map((p) => p.chargeId),
        byTxid: chosen.filter((p) => p.via === "txid").length,
        byNameAndAmount: chosen.filter((p) => p.via === "name").length,
        possibleDuplicatesConfirmed: chosen.filter((p) => p.duplicate).length,
      });
      return { registered: chosen.length, totalCentavos: total, proposals: chosen };
    });
  } catch (e) {
    // A payment registered elsewhere between the matching and the insert.
    if (isUniqueViolation(e)) throw new AppError(409, STATEMENT_PAGE_MESSAGES.notProposed(all[0]));
    throw e;
  }
}

export const describeProposal = (p: Proposal) =>
  `${p.memberName}, ${period(p)}, ${formatMoney(p.amountCentavos)}, pago em ${formatDate(p.date)}`;

/**
 * A reconciliation note (paymentNote) with the payer's name taken out, for LGPD anonymisation
 * (ADR 170): the line, the way it matched and the fingerprint stay (the fingerprint keeps a
 * re-sent statement from paying the charge twice); null when `note` is not such a note.
 */
export function anonymizedPaymentNote(note: string): string | null {
  const m = /^(Conciliação do extrato \(linha \d+, por [^)]*\)): [\s\S]* (\[ref:[0-9a-f]{16}\])$/.exec(note);
  return m ? `${m[1]}: pagador anonimizado ${m[2]}` : null;
}
