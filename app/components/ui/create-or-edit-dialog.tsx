import type { ReactNode } from "react";
import { Dialog, DialogContent, DialogTrigger } from "./dialog";
import { CreateOrEditButton } from "./edit-button";
import { IdempotencyKey } from "./idempotency-key";

/**
 * A dialog that creates a row or edits the one named by `editing`: its trigger ("+ {createLabel}"
 * or "Editar") and its title ("{createLabel}" or "Editar {name}") say which. A form's width.
 */
export function CreateOrEditDialog({
  open,
  onOpenChange,
  editing,
  createLabel,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editing: string | undefined;
  createLabel: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <CreateOrEditButton editing={editing} createLabel={createLabel} />
      </DialogTrigger>
      <DialogContent title={editing !== undefined ? `Editar ${editing}` : createLabel} description={description} className="max-w-xl">
        {children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The hidden fields of a form that creates a row or updates the one whose `id` it is given: the
 * intent, then the new row's idempotency key (ADR 196) or the edited row's id.
 */
export function CreateOrUpdateFields({ id }: { id: string | undefined }) {
  return (
    <>
      <input type="hidden" name="intent" value={id !== undefined ? "update" : "create"} />
      {id !== undefined ? <input type="hidden" name="id" value={id} /> : <IdempotencyKey />}
    </>
  );
}
