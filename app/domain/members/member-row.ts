import { maskCpfForList } from "~/lib/br/cpf";
import { paymentStatus, SITUATION_LABELS, type PaymentStatus } from "./member-options";

/**
 * The member's rows as the screens show them (issue 20 §4): plain types and the mappers from a
 * `members` row. Not a .server module: the use cases build these rows and the components type
 * their props with them, so neither declares the shape again. The CPF never leaves here whole.
 */

/** The columns of a `members` row the mappers read (a full row from `select()` fits). */
export type MemberRecord = {
  id: string;
  registrationNumber: number;
  name: string;
  cpf: string | null;
  email: string | null;
  mobilePhone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  cep: string | null;
  region: string | null;
  workplaceName: string | null;
  situation: number | null;
  status: string;
  notes: string | null;
  joinedOn: string;
  anonymizedAt: Date | null;
};

/** What the list and the member's page hand the edit dialog (never the CPF). */
export type EditableMember = Pick<
  MemberRecord,
  | "id"
  | "registrationNumber"
  | "name"
  | "email"
  | "mobilePhone"
  | "address"
  | "city"
  | "state"
  | "cep"
  | "region"
  | "workplaceName"
  | "situation"
  | "status"
  | "notes"
>;

/** One row of the members list: the CPF is always masked (***.456.789-**), whatever the role. */
export type MemberListRow = EditableMember & {
  cpfMasked: string;
  joinedOn: string;
  paymentStatus: PaymentStatus;
  anonymized: boolean;
};

/** One member found by the finance look-up ('Gerar Boleto' picker, 'Consultar Filiados'). */
export type MemberPickRow = Pick<MemberListRow, "id" | "registrationNumber" | "name" | "cpfMasked" | "anonymized"> & {
  /** The situation's label ("ATIVO(A)"), "—" when none. */
  situation: string;
};

/** The masked CPF of a list (ADR 122); "—" when the member has none. */
export function listCpf(cpf: string | null): string {
  return cpf ? maskCpfForList(cpf) : "—";
}

export function toEditableMember(m: EditableMember): EditableMember {
  return {
    id: m.id,
    registrationNumber: m.registrationNumber,
    name: m.name,
    email: m.email,
    mobilePhone: m.mobilePhone,
    address: m.address,
    city: m.city,
    state: m.state,
    cep: m.cep,
    region: m.region,
    workplaceName: m.workplaceName,
    situation: m.situation,
    status: m.status,
    notes: m.notes,
  };
}

export function toMemberListRow(m: MemberRecord): MemberListRow {
  return {
    ...toEditableMember(m),
    cpfMasked: listCpf(m.cpf),
    joinedOn: m.joinedOn,
    paymentStatus: paymentStatus(m),
    anonymized: m.anonymizedAt !== null,
  };
}

export function toMemberPickRow(
  m: Pick<MemberRecord, "id" | "registrationNumber" | "name" | "cpf" | "situation" | "anonymizedAt">,
): MemberPickRow {
  return {
    id: m.id,
    registrationNumber: m.registrationNumber,
    name: m.name,
    cpfMasked: listCpf(m.cpf),
    situation: m.situation === null ? "—" : (SITUATION_LABELS[String(m.situation)] ?? String(m.situation)),
    anonymized: m.anonymizedAt !== null,
  };
}
