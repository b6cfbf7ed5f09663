import * as React from "react";
import { MaskInput } from "maska";
import { applyMask, MASKS, moneyKey, type MaskKind } from "~/lib/br/masks";
import { cn } from "~/lib/cn";
import { Input } from "./input";
import { useSharedRef } from "./use-shared-ref";

/** What the browser should offer for each kind (keyboard, autofill, example). */
const FIELD_PROPS: Record<MaskKind, React.ComponentProps<"input">> = {
  cpf: { inputMode: "numeric", autoComplete: "off", placeholder: "000.000.000-00" },
  // Alphanumeric from July 2026: a text keyboard, shown in upper case.
  cnpj: { inputMode: "text", autoComplete: "off", autoCapitalize: "characters", spellCheck: false, placeholder: "00.000.000/0000-00" },
  cep: { inputMode: "numeric", autoComplete: "postal-code", placeholder: "00000-000" },
  phone: { type: "tel", inputMode: "tel", autoComplete: "tel", placeholder: "(61) 91234-5678" },
  date: { inputMode: "numeric", autoComplete: "off", placeholder: "dd/mm/aaaa", maxLength: 10 },
  time: { inputMode: "numeric", autoComplete: "off", placeholder: "hh:mm", maxLength: 5 },
  money: { inputMode: "decimal", autoComplete: "off", placeholder: "0,00", maxLength: 20 },
};

/**
 * No `onChange`: the mask rewrites the value while the browser's input event is on its way, so
 * React sees no change and never calls it. Listen with `onInput`, which fires on every keystroke.
 */
export type MaskedInputProps = Omit<React.ComponentProps<typeof Input>, "defaultValue" | "value" | "onChange"> & {
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
    const el = own.current;
    const mask = new MaskInput(el, MASKS[kind]);
    const stopDecimalKey = kind === "money" ? readDecimalKey(el) : undefined;
    return () => {
      stopDecimalKey?.();
      mask.destroy();
    };
  }, [kind]);
  const setRef = useSharedRef(own, ref);
  return <Input {...FIELD_PROPS[kind]} {...props} ref={setRef} defaultValue={defaultValue ? applyMask(kind, defaultValue) : undefined} />;
}

/**
 * A money field's typed "." read as the decimal separator (ADR 233, see `moneyKey`): handled
 * before the mask, which would take it for a thousands dot. Only at the end of the text, with
 * nothing selected; anything else goes to the mask as typed.
 */
function readDecimalKey(el: HTMLInputElement) {
  let dotComma = false;
  const onBeforeInput = (e: InputEvent) => {
    if (e.inputType !== "insertText" || !e.data) return;
    if (e.data === ",") dotComma = false;
    const atEnd = el.selectionStart === el.value.length && el.selectionEnd === el.value.length;
    if (!atEnd) return;
    const next = moneyKey(el.value, e.data, dotComma && el.value.includes(","));
    if (!next) return;
    e.preventDefault();
    dotComma = next.dotComma;
    if (next.value === el.value) return;
    el.value = next.value;
    // The mask and React read it as any typed text.
    el.dispatchEvent(new Event("input", { bubbles: true }));
  };
  el.addEventListener("beforeinput", onBeforeInput);
  return () => el.removeEventListener("beforeinput", onBeforeInput);
}

/**
 * An amount in reais (ADR 191): a text field with the pt-BR money mask ("2.850,50") and "R$"
 * before it. Never a number input: those read "50,00" by the browser's language (5000 in some).
 * Pass a stored amount through `moneyInputValue`. The server parses what it shows.
 */
export function MoneyInput({ className, ...props }: Omit<MaskedInputProps, "kind">) {
  return (
    <div className="relative">
      <span aria-hidden className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-base text-slate-600 sm:text-sm">
        R$
      </span>
      <MaskedInput {...props} kind="money" className={cn("pl-10", className)} />
    </div>
  );
}

/**
 * A calendar date typed dd/mm/aaaa (ADR 193), the same in every browser language (a native
 * date input shows mm/dd/yyyy in an en-US browser). A stored aaaa-mm-dd default is shown day first.
 */
export function DateInput(props: Omit<MaskedInputProps, "kind">) {
  return <MaskedInput {...props} kind="date" />;
}
