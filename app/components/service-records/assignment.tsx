import { UserCheck } from "~/components/icons/sprite";
import { Button } from "~/components/ui/button";
import { Field, Options, Select } from "~/components/ui/input";
import { useFormAction } from "~/components/ui/use-form-action";
import { UNASSIGNED } from "~/domain/service-records/service-options";
import { assignSchema, takeSchema } from "~/domain/service-records/service.schema";
import type { AgentOption } from "./status-change";

/**
 * A record's responsible (issue 22 §1, ADR 257): who it is, "Assumir" when the signed-in user
 * is one of the sector's agents and not already responsible, and "Atribuir a…" any other agent.
 * Plain forms: without JavaScript they post as documents and the page shows the answer.
 */
export function Assignment({
  responsibleId,
  responsibleName,
  agents,
  me,
}: {
  responsibleId: string | null;
  responsibleName: string | null;
  agents: AgentOption[];
  me: string;
}) {
  const take = useFormAction({ intent: "take", schema: takeSchema });
  const assign = useFormAction({ intent: "assign", schema: assignSchema });
  const canTake = responsibleId !== me && agents.some((a) => a.id === me);
  const others = agents.filter((a) => a.id !== responsibleId);
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-900" data-testid="responsible-name">
        {responsibleId === me ? `Você (${responsibleName})` : (responsibleName ?? UNASSIGNED)}
      </p>
      {canTake ? (
        <take.Form method="post" aria-label="Assumir o atendimento" noValidate>
          <input type="hidden" name="intent" value="take" />
          <Button type="submit" variant="secondary" disabled={take.busy}>
            <UserCheck aria-hidden /> Assumir
          </Button>
        </take.Form>
      ) : null}
      {others.length ? (
        <assign.Form method="post" key={assign.resetKey} className="grid gap-2" aria-label="Atribuir o atendimento" noValidate>
          <input type="hidden" name="intent" value="assign" />
          <Field label="Atribuir a" name="assign-responsible" error={assign.errors.responsibleId}>
            {(f) => (
              <Select {...f} name="responsibleId" defaultValue="" required>
                <option value="">Selecione quem vai atender</option>
                <Options values={others} value={(a) => a.id} label={(a) => a.name} />
              </Select>
            )}
          </Field>
          <div>
            <Button type="submit" variant="outline" disabled={assign.busy}>
              Atribuir
            </Button>
          </div>
        </assign.Form>
      ) : null}
    </div>
  );
}
