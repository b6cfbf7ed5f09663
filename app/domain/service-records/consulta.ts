import { z } from "zod";
import type { ServiceStatus } from "./service-options";
import type { ServiceSector } from "~/auth/scopes";

/**
 * The requester's public page /atendimento/consulta (ADR 135): the protocol plus a second
 * factor, the last 4 digits of the CPF or the e-mail on the record. Client-safe: the page shows
 * the very strings the action answers with.
 */
export const CONSULTA_MESSAGES = {
  protocolFormat: "Informe o protocolo no formato SIND seguido de 14 números.",
  verifierFormat: "Informe os 4 últimos dígitos do CPF ou o e-mail cadastrado no atendimento.",
  /** One answer for an unknown protocol and a wrong second factor (no enumeration). */
  notFound: "Não encontramos um atendimento com esses dados. Confira o protocolo e os dados informados.",
  throttled: (wait: string) => `Muitas tentativas sem sucesso. Por segurança, aguarde ${wait} antes de tentar novamente.`,
  error: "Erro ao consultar o atendimento. Tente novamente.",
} as const;

/** SIND + 14 digits; spaces and hyphens ignored, lower case accepted. */
export const protocolField = z
  .string({ error: CONSULTA_MESSAGES.protocolFormat })
  .transform((v) => v.replace(/[\s.\-/]/g, "").toUpperCase())
  .pipe(z.string().regex(/^SIND\d{14}$/, CONSULTA_MESSAGES.protocolFormat));

/** 4 digits (CPF's last four) or an e-mail address. */
export const verifierField = z
  .string({ error: CONSULTA_MESSAGES.verifierFormat })
  .transform((v) => v.trim())
  .pipe(
    z.union(
      [
        z
          .string()
          .regex(/^\d{4}$/)
          .transform((digits) => ({ kind: "cpf" as const, value: digits })),
        z
          .string()
          .max(254)
          .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/)
          .transform((email) => ({ kind: "email" as const, value: email.toLowerCase() })),
      ],
      { error: CONSULTA_MESSAGES.verifierFormat },
    ),
  );

export const consultaSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("consulta"), protocolo: protocolField, verificador: verifierField }),
]);

/** What the requester sees: nothing about anyone but their own first name. */
export type ConsultaView = {
  protocol: string;
  firstName: string;
  status: ServiceStatus;
  statusLabel: string;
  sector: ServiceSector;
  sectorLabel: string;
  serviceType: string;
  createdAt: string;
  updatedAt: string;
  dueAt: string;
  /**
   * author: who wrote the entry, never a staff name ("Equipe do Sindicato" or the requester);
   * fromRequester: the requester's own words (by e-mail or from the member area).
   */
  entries: Array<{ id: number; at: string; author: string; text: string; statusLabel: string | null; fromRequester: boolean }>;
  /** Public attachments (issue 22 §3, ADR 262); `href` is a signed link that expires. */
  attachments: Array<{ id: string; fileName: string; contentType: string; size: number; at: string; href: string }>;
  /** A merged duplicate (issue 22 §8, ADR 267): the protocol to follow instead. */
  mergedInto?: string | null;
};
