import * as React from "react";
import { Button } from "~/components/ui/button";
import { Field, Options, Select, Textarea } from "~/components/ui/input";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { quickActions, SERVICE_LIMITS, type ActionScreen } from "~/domain/service-records/service-options";
import { useFormAction } from "~/components/ui/use-form-action";
import { statusSchema } from "~/domain/service-records/service.schema";

export type AgentOption = { id: string; name: string };

/**
 * The select's first choice: the record's current responsible, so that acting on a record
 * without touching the select keeps it with them (no silent reassignment); only a record
 * nobody holds yet offers the signed-in person, when they are one of the sector's staff.
 */
export function defaultResponsible(agents: AgentOption[], current: string | null | undefined, me: string | undefined) {
  if (current) return agents.some((a) => a.id === current) ? current : "";
  return me && agents.some((a) => a.id === me) ? me : "";
}

/**
 * Who answers for a comment, a status change or an edit (the original's "Responsável"): one of
 * the sector's staff, the record's current responsible chosen already (see defaultResponsible).
 */
export function ResponsibleSelect({
  agents,
  error,
  id,
  me,
  current,
}: {
  agents: AgentOption[];
  error?: string;
  id: string;
  me?: string;
  /** The record's responsible now: the default, so that a status change alone does not reassign. */
  current?: string | null;
}) {
  const shown = defaultResponsible(agents, current, me);
  // Keyed by it: when the record's responsible changes on this page (Atribuir a…, Assumir), the
  // select shows the new one. The hidden field tells the server what was shown, so a select left
  // as it was never reassigns the record (`chosenResponsible`).
  return (
    <Field label="Responsável" name={id} error={error}>
      {(f) => (
        <>
          <Select {...f} key={shown} name="responsibleId" defaultValue={shown} required>
            <option value="">Selecione o responsável</option>
            <Options values={agents} value={(a) => a.id} label={(a) => a.name} />
          </Select>
          <input type="hidden" name="responsibleWas" value={shown} />
        </>
      )}
    </Field>
  );
}

/**
 * A record's quick actions (the original's section 4): a responsible person, a comment and one
 * button per allowed next status. The server checks all of it again.
 */
export function StatusChange({
  id,
  status,
  agents,
  screen,
  label,
  action,
  me,
  current,
}: {
  id: string;
  status: string;
  /** The record's responsible now (see ResponsibleSelect). */
  current?: string | null;
  agents: AgentOption[];
  screen: ActionScreen;
  label: string;
  action?: string;
  /** The signed-in user's id: chosen as the responsible when they are one of the sector's staff. */
  me?: string;
}) {
  const actions = quickActions(screen, status);
  const { Form, errors, busy, resetKey } = useFormAction({ intent: "status", schema: statusSchema(screen) });
  if (actions.length === 0) return null;
  const p = `${screen}-${id}`;
  return (
    <Form method="post" action={action} key={resetKey} className="grid gap-3" aria-label={label} noValidate>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={id} />
      <ResponsibleSelect agents={agents} error={errors.responsibleId} id={`responsibleId-${p}`} me={me} current={current} />
      <Field label="Comentário sobre a alteração" name={`comment-${p}`} hint="Obrigatório." error={errors.comment ?? errors.status}>
        {(f) => <Textarea {...f} name="comment" rows={2} maxLength={SERVICE_LIMITS.comment} required className="min-h-16" />}
      </Field>
      <CheckboxField name="isPublic" id={`public-${p}`} boxed={false} label="Visível ao trabalhador na consulta pública" />
      <div className="flex flex-wrap gap-2">
        {actions.map((a) => (
          <Button
            key={a.to}
            type="submit"
            name="status"
            value={a.to}
            size="sm"
            variant={a.to === "cancelled" ? "destructive" : a.to === "pending" ? "outline" : "secondary"}
            disabled={busy}
          >
            {a.label}
          </Button>
        ))}
      </div>
    </Form>
  );
}
