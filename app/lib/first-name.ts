/** The first word of a person's name, as a greeting or a card shows it ("" for a blank name). */
export function firstName(fullName: string) {
  return fullName.trim().split(/\s+/)[0] ?? "";
}

/**
 * A plain-text e-mail to a person, greeted by first name: "Olá, Maria.", a blank line, then
 * `lines`, one a line.
 */
export function greetedText(fullName: string, lines: readonly string[]) {
  return [`Olá, ${firstName(fullName)}.`, "", ...lines].join("\n");
}
