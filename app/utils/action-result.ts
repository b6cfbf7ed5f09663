/** The shape every form action answers with, so one hook can show its toast and field errors. */
export type ActionResult = {
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
  intent?: string;
};
