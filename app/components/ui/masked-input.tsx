import * as React from "react";
import { MaskInput } from "maska";
import { applyMask, MASKS, type MaskKind } from "~/lib/br/masks";
import { Input } from "./input";

/** What the browser should offer for each kind (keyboard, autofill, example). */
const FIELD_PROPS: Record<MaskKind, React.ComponentProps<"input">> = {
  cpf: { inputMode: "numeric", autoComplete: "off", placeholder: "000.000.000-00" },
  // Alphanumeric from July 2026: a text keyboard, shown in upper case.
  cnpj: { inputMode: "text", autoComplete: "off", autoCapitalize: "characters", spellCheck: false, placeholder: "00.000.000/0000-00" },
  cep: { inputMode: "numeric", autoComplete: "postal-code", placeholder: "00000-000" },
  phone: { type: "tel", inputMode: "tel", autoComplete: "tel", placeholder: "(61) 91234-5678" },
};

export type MaskedInputProps = Omit<React.ComponentProps<typeof Input>, "defaultValue" | "value"> & {
  kind: MaskKind;
  defaultValue?: string | null;
};

/**
 * A text field masked while typing (CPF, CNPJ including the alphanumeric form, CEP, phone),
 * from the one masking library. Uncontrolled: the form posts what the field shows, and the
 * server re-validates it (the mask is only a convenience). Without JavaScript it is a plain
 * text field; the stored value is shown already formatted from the server render.
 */
export function MaskedInput({ kind, defaultValue, ref, ...props }: MaskedInputProps) {
  const own = React.useRef<HTMLInputElement | null>(null);
  React.useEffect(() => {
    if (!own.current) return;
    const mask = new MaskInput(own.current, MASKS[kind]);
    return () => mask.destroy();
  }, [kind]);
  const setRef = React.useCallback(
    (el: HTMLInputElement | null) => {
      own.current = el;
      if (typeof ref === "function") ref(el);
      else if (ref) ref.current = el;
    },
    [ref],
  );
  return (
    <Input
      {...FIELD_PROPS[kind]}
      {...props}
      ref={setRef}
      defaultValue={defaultValue ? applyMask(kind, defaultValue) : undefined}
    />
  );
}
