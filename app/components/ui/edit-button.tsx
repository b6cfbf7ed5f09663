import { Pencil, Plus } from "~/components/icons/sprite";
import { Button, type ButtonProps } from "./button";

/**
 * The staff lists' "Editar" button, most often a dialog's trigger: its accessible name says which
 * row it edits ("Editar {name}"). Other props (a trigger's handlers and state) pass through.
 */
export function EditButton({ name, size = "sm", ...props }: Omit<ButtonProps, "children" | "variant"> & { name: string }) {
  return (
    <Button variant="outline" size={size} aria-label={`Editar ${name}`} {...props}>
      <Pencil /> Editar
    </Button>
  );
}

/**
 * The trigger of a dialog that creates a row or edits one: {@link EditButton} for the row named by
 * `editing`, otherwise "+ {createLabel}".
 */
export function CreateOrEditButton({
  editing,
  createLabel,
  ...props
}: Omit<ButtonProps, "children" | "variant"> & { editing: string | undefined; createLabel: string }) {
  if (editing !== undefined) return <EditButton name={editing} {...props} />;
  return (
    <Button {...props}>
      <Plus /> {createLabel}
    </Button>
  );
}
