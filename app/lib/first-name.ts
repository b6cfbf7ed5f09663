/** The first word of a person's name, as a greeting or a card shows it ("" for a blank name). */
export function firstName(fullName: string) {
  return fullName.trim().split(/\s+/)[0] ?? "";
}
