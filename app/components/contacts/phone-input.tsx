import * as React from "react";
import { maskBrazilianPhone } from "~/lib/phone";
import { Input } from "~/components/ui/input";

/**
 * A phone field masked as (61) 91234-5678 while typing. Without JavaScript it is a plain text
 * field and the server accepts any spacing; the server validates either way.
 */
export function PhoneInput({ defaultValue, ...props }: Omit<React.ComponentProps<typeof Input>, "value" | "onChange">) {
  const [value, setValue] = React.useState(String(defaultValue ?? ""));
  return (
    <Input
      {...props}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(61) 91234-5678"
      value={value}
      onChange={(e) => setValue(maskBrazilianPhone(e.target.value))}
    />
  );
}
