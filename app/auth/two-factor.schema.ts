import { z } from "zod";

/** Every message of the second factor (ADR 185), written once; pt-BR. */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Informe o código de verificação.",
  codeInvalid: "Código inválido. Confira o código de 6 dígitos do aplicativo (ou um código de recuperação) e tente novamente.",
  codeReplayed: "Este código já foi usado. Espere o aplicativo mostrar o próximo código e tente de novo.",
  enrolInvalid:
    "Código inválido. Confira se o aplicativo foi configurado com o código QR ou a chave desta página e digite o código de 6 dígitos que ele mostra agora.",
  tooMany: (wait: string) => `Muitas tentativas de verificação. Tente novamente em ${wait}.`,
  expired: "Sua entrada expirou. Entre novamente com usuário e senha.",
  unreadable:
    "Não foi possível ler a verificação em duas etapas desta conta. Peça a um administrador para redefini-la e configure-a de novo.",
  alreadyEnabled: "A verificação em duas etapas já está ativa nesta conta.",
  notEnabled: "A verificação em duas etapas não está ativa nesta conta.",
  requiredForRole: "A verificação em duas etapas é obrigatória para o seu perfil e não pode ser desativada.",
  enabled: "Verificação em duas etapas ativada. Guarde os códigos de recuperação abaixo.",
  disabled: "Verificação em duas etapas desativada.",
  renewed: "Novos códigos de recuperação gerados. Os anteriores não valem mais.",
  error: "Erro ao verificar o código. Tente novamente.",
} as const;

const code = z
  .string(TWO_FACTOR_MESSAGES.codeRequired)
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.codeRequired)
  .max(40, TWO_FACTOR_MESSAGES.codeInvalid);

/** The code step: a 6-digit TOTP code or a recovery code, in one field. */
export const loginCodeSchema = z.object({ code });

/** Enrolment (and the own page's actions): the current 6-digit code of the app. */
export const twoFactorCodeSchema = z.object({ code });

export const twoFactorActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("enable"), code }),
  z.object({ intent: z.literal("disable"), code }),
  z.object({ intent: z.literal("recovery-codes"), code }),
]);
