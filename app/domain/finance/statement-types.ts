import type { BankStatement, StatementProblem } from "~/lib/bank-statement";
import type { ChargeReference } from "./charge-row";

/** What the statement matching answers (ADRs 158, 180); pure types, shared with the page. */
export type Proposal = ChargeReference & {
  line: number;
  date: string;
  amountCentavos: number;
  payerName: string;
  description: string;
  via: "txid" | "name";
  /** The line's fingerprint (date, amount, payer identity, txid; ADR 180). */
  ref: string;
  txid: string | null;
  ispb: string | null;
};

/**
 * A line that would pay `chargeId` but may be a credit already registered, written another way
 * (another export, another wording): a PIX payment of the same member, day and amount is active
 * (`duplicateOf`). It is registered only when confirmed explicitly, line by line.
 */
export type PossibleDuplicate = Proposal & {
  duplicateOf: {
    chargeId: string;
    referenceMonth: number;
    referenceYear: number;
    paidOn: string;
    amountCentavos: number;
    fromStatement: boolean;
  };
};

export type Unmatched = { line: number; date: string; amountCentavos: number; payerName: string; description: string; reason: string };

export type StatementMatch = {
  digest: string;
  format: BankStatement["format"];
  credits: number;
  debits: number;
  proposals: Proposal[];
  duplicates: PossibleDuplicate[];
  unmatched: Unmatched[];
  problems: StatementProblem[];
  /** How many of each there are; the lists above may hold only the first ones (the preview's cap). */
  counts: { proposals: number; duplicates: number; unmatched: number; problems: number };
};
