import * as React from "react";
import { cn } from "~/lib/cn";
import { Input } from "./input";

/**
 * A code sent by e-mail or shown by an authenticator app (6 digits; spaces allowed, as people
 * copy them): the numeric keyboard, the browser's one-time-code autofill, monospaced and spaced.
 */
export function CodeInput({ className, ...props }: React.ComponentProps<typeof Input>) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      pattern="[0-9 ]*"
      required
      className={cn("font-mono text-lg tracking-[0.3em]", className)}
      {...props}
    />
  );
}
