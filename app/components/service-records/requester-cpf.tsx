import { Eye } from "~/components/icons/sprite";
import { SERVICE_MESSAGES } from "~/domain/service-records/service-options";
import type { ActionResult } from "~/utils/action-result";
import { useFormAction } from "~/components/ui/use-form-action";
import { Button } from "~/components/ui/button";

type Revealed = ActionResult & { cpf?: string };

/**
 * The requester's CPF on a service record's detail (ADR 183): masked as in the lists; for the
 * roles that see full CPFs, a "Ver CPF completo" post that answers the whole number and writes
 * the view to the audit log. Without JavaScript the post is a document request and the answer
 * comes back as the page's action data, which the hook reads too.
 */
export function RequesterCpf({ masked, revealable }: { masked: string | null; revealable: boolean }) {
  const { Form, result, busy, error } = useFormAction<Revealed>({ intent: "reveal-cpf", toast: false });
  const full = result?.ok ? result.cpf : undefined;
  if (!masked) return null;
  return (
    <div className="grid justify-items-start gap-1.5">
      <span className="font-mono tabular-nums" data-testid="requester-cpf">
        {full ?? masked}
      </span>
      <p role="status" className="text-xs text-slate-600 empty:hidden">
        {full ? SERVICE_MESSAGES.cpfRevealed : ""}
      </p>
      {revealable && !full ? (
        <Form method="post" className="print:hidden" aria-label={SERVICE_MESSAGES.revealCpf}>
          <input type="hidden" name="intent" value="reveal-cpf" />
          <Button type="submit" size="sm" variant="outline" disabled={busy}>
            <Eye aria-hidden /> {SERVICE_MESSAGES.revealCpf}
          </Button>
        </Form>
      ) : null}
      {error ? (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
