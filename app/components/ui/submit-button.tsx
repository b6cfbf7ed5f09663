import * as React from "react";
import { Button, type ButtonProps } from "./button";

/**
 * A form's submit button: disabled while the form is being sent, and reading `busyLabel`
 * ("Salvando..." unless told, e.g. "Enviando...") meanwhile instead of its label. `disabled` adds a
 * reason of the caller's own (e.g. a password not strong enough yet); `icon` is drawn before the label.
 */
export function SubmitButton({
  busy,
  busyLabel = "Salvando...",
  disabled,
  icon,
  children,
  ...props
}: Omit<ButtonProps, "type"> & { busy: boolean; busyLabel?: string; icon?: React.ReactNode }) {
  return (
    <Button type="submit" disabled={busy || disabled} {...props}>
      {icon ? <>{icon} </> : null}
      {busy ? busyLabel : children}
    </Button>
  );
}
