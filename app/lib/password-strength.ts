/** The original's five criteria; score ≥ 3 is required. Shared by the meter and the server. */
export const PASSWORD_CRITERIA = [
  { id: "length", label: "Pelo menos 8 caracteres", test: (p: string) => p.length >= 8 },
  { id: "lower", label: "Uma letra minúscula", test: (p: string) => /[a-z]/.test(p) },
  { id: "upper", label: "Uma letra maiúscula", test: (p: string) => /[A-Z]/.test(p) },
  { id: "digit", label: "Um número", test: (p: string) => /\d/.test(p) },
  { id: "special", label: "Um caractere especial", test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

export const MIN_PASSWORD_SCORE = 3;

export function passwordScore(password: string) {
  return PASSWORD_CRITERIA.filter((c) => c.test(password)).length;
}

export function passwordStrengthLabel(score: number) {
  if (score >= 4) return "Forte";
  if (score === 3) return "Média";
  return "Fraca";
}

export function isStrongEnough(password: string) {
  return password.length >= 8 && passwordScore(password) >= MIN_PASSWORD_SCORE;
}
