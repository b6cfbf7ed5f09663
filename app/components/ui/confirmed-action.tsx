import type * as React from "react";
import { useFormAction } from "~/components/ui/use-form-action";
import { ConfirmDialog } from "./dialog";

/**
 * A button that asks first, then posts `intent` (and `fields`) to the current route and shows the
 * answer as a toast: "Excluir", "Anonimizar (LGPD)", "Bloquear acesso".
 */
export function ConfirmedAction({
  intent,
  fields = {},
  trigger,
  title,
  description,
  confirmLabel,
}: {
  intent: string;
  fields?: Record<string, string>;
  trigger: React.ReactNode;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
}) {
  const { Form, busy } = useFormAction({ intent });
  return (
    <ConfirmDialog trigger={trigger} title={title} description={description}>
      {(cls) => (
        <Form method="post">
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className={cls + " w-full"} disabled={busy}>
            {confirmLabel}
          </button>
        </Form>
      )}
    </ConfirmDialog>
  );
}
