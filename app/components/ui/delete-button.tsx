import * as React from "react";
import { Trash2 } from "~/components/icons/sprite";
import { Button } from "./button";
import { ConfirmedAction } from "./confirmed-action";

/**
 * The staff screens' "Excluir" button: asks for confirmation, then posts `intent=delete` and the
 * row's id to the current route and shows the answer as a toast.
 */
export function DeleteButton({
  id,
  name,
  title,
  description,
}: {
  id: string;
  /** What is deleted, for the button's accessible name ("Excluir {name}"). */
  name: string;
  title: string;
  description: React.ReactNode;
}) {
  return (
    <ConfirmedAction
      intent="delete"
      fields={{ id }}
      trigger={
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" aria-label={`Excluir ${name}`}>
          <Trash2 /> Excluir
        </Button>
      }
      title={title}
      description={description}
      confirmLabel="Excluir"
    />
  );
}
