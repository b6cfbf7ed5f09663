/** "ana@example.com" → "a**@example.com": where a charge e-mail goes, as the screen says it (ADR 216). */
export function maskEmail(email: string) {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}${"*".repeat(Math.min(Math.max(at - 1, 2), 6))}${email.slice(at)}`;
}
