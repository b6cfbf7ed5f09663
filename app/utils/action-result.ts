/** The shape every form action answers with, so one hook can show its toast and field errors. */
export type ActionResult = {
  ok: boolean;
  message: string;
  /** Field name → its first message. */
  errors?: Record<string, string>;
  intent?: string;
  /** On failure: the HTTP status (e.g. 429 tells the page the visitor must wait). */
  status?: number;
  /** On failure: what was typed, for pages that re-render the form without JavaScript. */
  values?: Record<string, string>;
  /** On success: "warning" when it only partly happened (a reply stored but not e-mailed); the toast says so. */
  tone?: "warning";
};
