import { createHash } from "node:crypto";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { db, type Db, type Tx } from "~/db/client.server";
import { charges, members, payments } from "~/db/schema";
import { authorize, type Actor } from "~/auth/authorize";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { isUniqueViolation } from "~/domain/news/news-errors.server";
import type { Upload } from "~/domain/files/file-store.server";
import { AppError } from "~/utils/app-error";
import { formatDate, todayInBrasilia } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { chargeIdFromTxid } from "~/lib/pix";
import { parseBankStatement, StatementError, type BankStatement, type StatementCredit } from "~/lib/bank-statement";
import { STATEMENT_MAX_BYTES, STATEMENT_PAGE_MESSAGES } from "./pix.schema";
import type { Proposal, StatementMatch, Unmatched } from "./statement-types";

export type { Proposal, StatementMatch, Unmatched };

/**
 * Matching the bank's statement of received PIX against open charges (issue 11, ADR 158).
 *
 * A credit line is proposed for a charge when
 *   - its txid (ours, see txidForCharge) names an open charge of the same amount, or
 *   - its amount equals an open charge's and the payer's name equals the member's, accents,
 *     case and punctuation ignored; when that member has several such charges open, the oldest
 *     (earliest due date) not already proposed to another line. A name shared by two members
 *     is ambiguous and left for manual handling.
 * Every other credit is listed with its reason. Each registered payment's note carries the
 * line's fingerprint (`[ref:…]`), so the same line sent again — in the same file or in an
 * overlapping one — is never paid twice. Confirming registers the ticked proposals in one
 * transaction, after matching again inside it: all of them, or none.
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

const REF_PATTERN = "\\[ref:([0-9a-f]{16})\\]";

/** The line's fingerprint: what it says, plus how many identical lines came before it in the file. */
function fingerprint(c: StatementCredit, occurrence: number) {
  return createHash("sha256")
    .update([c.date, c.amountCentavos, foldName(c.name), foldName(c.description), c.identifier ?? "", c.txid ?? "", occurrence].join("|"))
    .digest("hex")
    .slice(0, 16);
}

export function paymentNote(p: Pick<Proposal, "payerName" | "line" | "via" | "ref">) {
  const via = p.via === "txid" ? "txid" : "valor e nome";
  return `Conciliação do extrato (linha ${p.line}, por ${via}): ${p.payerName || "pagador sem nome"} [ref:${p.ref}]`;
}

export function statementDigest(bytes: Uint8Array) {
  return createHash("sha256").update(bytes).digest("hex");
}

type ChargeCandidate = {
  id: string;
  memberId: string;
  memberName: string;
  registrationNumber: number;
  referenceMonth: number;
  referenceYear: number;
  amountCentavos: number;
  dueDate: string;
  paid: boolean;
  folded: string;
};

const candidateColumns = {
  id: charges.id,
  memberId: charges.memberId,
  memberName: members.name,
  registrationNumber: members.registrationNumber,
  referenceMonth: charges.referenceMonth,
  referenceYear: charges.referenceYear,
  amountCentavos: charges.amountCentavos,
  dueDate: charges.dueDate,
  paymentId: payments.id,
  folded: foldedMemberName,
};

async function loadCandidates(h: Handle, where: ReturnType<typeof and>): Promise<ChargeCandidate[]> {
  const rows = await h
    .select(candidateColumns)
    .from(charges)
    .innerJoin(members, eq(members.id, charges.memberId))
    .leftJoin(payments, and(eq(payments.chargeId, charges.id), isNull(payments.undoneAt)))
    .where(where)
    .orderBy(asc(charges.dueDate), asc(charges.referenceYear), asc(charges.referenceMonth), asc(charges.id));
  return rows.map(({ paymentId, ...r }) => ({ ...r, paid: paymentId !== null }));
}

const period = (c: Pick<ChargeCandidate, "referenceMonth" | "referenceYear">) => `${String(c.referenceMonth).padStart(2, "0")}/${c.referenceYear}`;

/** Proposals and unmatched lines for a parsed statement, against the database as it is now. */
export async function matchStatement(h: Handle, statement: BankStatement, digest: string): Promise<StatementMatch> {
  const today = todayInBrasilia();
  const seen = new Map<string, number>();
  const credits = statement.credits.map((c) => {
    const key = [c.date, c.amountCentavos, foldName(c.name), foldName(c.description), c.identifier ?? "", c.txid ?? ""].join("|");
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return { credit: c, ref: fingerprint(c, occurrence), chargeId: c.txid ? chargeIdFromTxid(c.txid) : null };
  });

  const refs = credits.map((c) => c.ref);
  const imported = new Set(
    refs.length
      ? (
          await h
            .select({ ref: sql<string>`substring(${payments.note} from ${REF_PATTERN})` })
            .from(payments)
            .where(and(isNull(payments.undoneAt), eq(payments.method, "pix"), inArray(sql`substring(${payments.note} from ${REF_PATTERN})`, refs)))
        ).map((r) => r.ref)
      : [],
  );

  const txidIds = [...new Set(credits.map((c) => c.chargeId).filter((id): id is string => id !== null))];
  const byId = new Map((txidIds.length ? await loadCandidates(h, and(inArray(charges.id, txidIds))) : []).map((c) => [c.id, c]));

  const nameCredits = credits.filter((c) => c.chargeId === null && foldName(c.credit.name) !== "");
  const names = [...new Set(nameCredits.map((c) => foldName(c.credit.name)))];
  const amounts = [...new Set(nameCredits.map((c) => c.credit.amountCentavos))];
  const byNameAmount = new Map<string, ChargeCandidate[]>();
  if (names.length) {
    for (const c of await loadCandidates(h, and(inArray(charges.amountCentavos, amounts), inArray(foldedMemberName, names)))) {
      const key = `${c.folded}|${c.amountCentavos}`;
      byNameAmount.set(key, [...(byNameAmount.get(key) ?? []), c]);
    }
  }

  const claimed = new Set<string>();
  const proposals: Proposal[] = [];
  const unmatched: Unmatched[] = [];
  for (const { credit: c, ref, chargeId } of credits) {
    const base = { line: c.line, date: c.date, amountCentavos: c.amountCentavos, payerName: c.name, description: c.description };
    const skip = (reason: string) => unmatched.push({ ...base, reason });
    const propose = (charge: ChargeCandidate, via: Proposal["via"]) => {
      claimed.add(charge.id);
      proposals.push({
        ...base,
        via,
        chargeId: charge.id,
        memberName: charge.memberName,
        registrationNumber: charge.registrationNumber,
        referenceMonth: charge.referenceMonth,
        referenceYear: charge.referenceYear,
        dueDate: charge.dueDate,
        ref,
      });
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
      else if (claimed.has(charge.id)) skip(STATEMENT_REASONS.duplicateInFile);
      else propose(charge, "txid");
      continue;
    }
    const folded = foldName(c.name);
    if (!folded) {
      skip(STATEMENT_REASONS.noName);
      continue;
    }
    const all = byNameAmount.get(`${folded}|${c.amountCentavos}`) ?? [];
    const open = all.filter((x) => !x.paid && !claimed.has(x.id));
    if (new Set(all.filter((x) => !x.paid).map((x) => x.memberId)).size > 1) skip(STATEMENT_REASONS.ambiguous);
    else if (open.length) propose(open[0], "name");
    else if (all.some((x) => x.paid) && all.every((x) => x.paid)) skip(STATEMENT_REASONS.allPaid);
    else if (all.length) skip(STATEMENT_REASONS.duplicateInFile);
    else skip(STATEMENT_REASONS.noMatch);
  }

  return {
    digest,
    format: statement.format,
    credits: statement.credits.length,
    debits: statement.debits,
    proposals,
    unmatched,
    problems: statement.problems,
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

/** The dry run: what the statement would register. Nothing is written. */
export async function previewStatement(actor: Actor, file: Upload | undefined): Promise<StatementMatch> {
  authorize(actor, "finance.reconcile");
  const { statement, digest } = readStatement(file);
  return matchStatement(db(), statement, digest);
}

// One matching-and-registering at a time (two instances included), so two confirmations of
// overlapping statements never pay one line twice.
const RECONCILE_LOCK = 110_158;

/**
 * Registers the ticked proposals of the same file as payments (method pix), in one transaction
 * with one audit entry. Any ticked line no longer proposed refuses the whole confirmation (409).
 */
export async function confirmStatement(actor: Actor, file: Upload | undefined, input: { digest: string; lines: number[] }) {
  authorize(actor, "finance.reconcile");
  const { statement, digest } = readStatement(file);
  if (digest !== input.digest) throw new AppError(409, STATEMENT_PAGE_MESSAGES.fileChanged);
  const lines = [...new Set(input.lines)].sort((a, b) => a - b);
  try {
    return await db().transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${RECONCILE_LOCK})`);
      const match = await matchStatement(tx, statement, digest);
      const byLine = new Map(match.proposals.map((p) => [p.line, p]));
      const chosen = lines.map((line) => {
        const p = byLine.get(line);
        if (!p) throw new AppError(409, STATEMENT_PAGE_MESSAGES.notProposed(line));
        return p;
      });
      await tx.insert(payments).values(
        chosen.map((p) => ({
          chargeId: p.chargeId,
          paidOn: p.date,
          amountCentavos: p.amountCentavos,
          method: "pix",
          note: paymentNote(p),
          createdBy: actor.id,
        })),
      );
      const total = chosen.reduce((s, p) => s + p.amountCentavos, 0);
      await recordAudit(
        {
          actor,
          action: "bank-statement.reconciled",
          entityType: "bank-statement",
          entityId: digest.slice(0, 16),
          data: {
            payments: chosen.length,
            totalCentavos: total,
            chargeIds: chosen.map((p) => p.chargeId),
            byTxid: chosen.filter((p) => p.via === "txid").length,
            byNameAndAmount: chosen.filter((p) => p.via === "name").length,
          },
        },
        tx,
      );
      return { registered: chosen.length, totalCentavos: total, proposals: chosen };
    });
  } catch (e) {
    // A payment registered elsewhere between the matching and the insert.
    if (isUniqueViolation(e)) throw new AppError(409, STATEMENT_PAGE_MESSAGES.notProposed(lines[0]));
    throw e;
  }
}

export const describeProposal = (p: Proposal) => `${p.memberName}, ${period(p)}, ${formatMoney(p.amountCentavos)}, pago em ${formatDate(p.date)}`;
