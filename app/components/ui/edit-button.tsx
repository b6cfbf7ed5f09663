import { Pencil } from "lucide-react";
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
