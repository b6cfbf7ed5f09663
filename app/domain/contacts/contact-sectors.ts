/**
 * Contact sector labels and statuses (original, section 6; brief, section 3). Who reads which
 * sector is an authorisation rule: ~/auth/scopes.
 * Pure data and functions, no I/O: the public form, the staff screens, the use cases, the
 * sidebar and the tests all read this one table.
 */
import type { Role } from "~/auth/roles";
import { isContactSector, type ContactSector } from "~/auth/scopes";

export const CONTACT_SECTOR_LABELS: Record<ContactSector, string> = {
  secretaria: "Secretaria",
  juridico: "Jurídico",
  financeiro: "Financeiro",
  presidencia: "Presidência",
  rh: "RH",
  campo: "Campo",
};

/** What the public form says under each sector, so a visitor can pick the right one. */
export const CONTACT_SECTOR_HINTS: Record<ContactSector, string> = {
  secretaria: "Assuntos gerais, filiação e documentos",
  juridico: "Dúvidas trabalhistas e convenções coletivas",
  financeiro: "Mensalidades, contribuições e reembolsos",
  presidencia: "Diretoria e representação da categoria",
  rh: "Recursos humanos e homologações",
  campo: "Visitas aos postos de trabalho",
};

export const CONTACT_STATUSES = ["pending", "replied", "resolved"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** Stored status → the label staff read (brief: replied is shown as 'Em andamento'). */
export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  pending: "Pendente",
  replied: "Em andamento",
  resolved: "Resolvido",
};

/** The three buttons send these values; the original's service maps them to stored statuses. */
export const STATUS_BUTTONS = [
  { value: "pending", status: "pending", label: "Pendente" },
  { value: "in_progress", status: "replied", label: "Em andamento" },
  { value: "resolved", status: "resolved", label: "Resolvido" },
] as const;
export type StatusButtonValue = (typeof STATUS_BUTTONS)[number]["value"];

export function storedStatusFor(value: StatusButtonValue): ContactStatus {
  return STATUS_BUTTONS.find((b) => b.value === value)!.status;
}

/**
 * Page title of the inbox, as the original: 'Todos os Contatos' for admin, else
 * 'Contatos - {sector label}' for the sector being shown, or the user's own one.
 */
export function contactsTitle(role: Role, sector: ContactSector | null, roleLabel: string): string {
  if (sector) return `Contatos - ${CONTACT_SECTOR_LABELS[sector]}`;
  if (role === "admin") return "Todos os Contatos";
  return `Contatos - ${isContactSector(role) ? CONTACT_SECTOR_LABELS[role] : roleLabel}`;
}
