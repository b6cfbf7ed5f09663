import type { BankStatement, StatementProblem } from "~/lib/bank-statement";

/** What the statement matching answers (ADR 158); pure types, shared with the page. */
export type Proposal = {
  line: number;
  date: string;
  amountCentavos: number;
  payerName: string;
  description: string;
  via: "txid" | "name";
  chargeId: string;
  memberName: string;
  registrationNumber: number;
  referenceMonth: number;
  referenceYear: number;
  dueDate: string;
  ref: string;
};

export type Unmatched = { line: number; date: string; amountCentavos: number; payerName: string; description: string; reason: string };

export type StatementMatch = {
  digest: string;
  format: BankStatement["format"];
  credits: number;
  debits: number;
  proposals: Proposal[];
  unmatched: Unmatched[];
  problems: StatementProblem[];
};

