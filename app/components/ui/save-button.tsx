import * as React from "react";
import { Button, type ButtonProps } from "./button";

/**
 * A form's submit button that saves: disabled while the form is being sent, and reading
 * "Salvando..." meanwhile instead of its label. `disabled` adds a reason of the caller's own
 * (e.g. a password not strong enough yet); `icon` is drawn before the label.
 */
export function SaveButton({
  busy,
  disabled,
  icon,
  children,
  ...props
}: Omit<ButtonProps, "type"> & { busy: boolean; icon?: React.ReactNode }) {
  return (
    <Button type="submit" disabled={busy || disabled} {...props}>
      {icon ? <>{icon} </> : null}
      {busy ? "Salvando..." : children}
    </Button>
  );
}
