import * as React from "react";
import { useToast } from "~/components/ui/toaster";
import { MaskedInput, type MaskedInputProps } from "~/components/ui/masked-input";
import { cepDigits } from "~/lib/br/cep";
import { addressLine, fetchCepAddress, type CepAddressFields, type CepOutcome } from "./cep-lookup";

export type CepStatus = "idle" | "loading" | CepOutcome["kind"];

/**
 * On leaving a CEP field with 8 digits, looks the address up and hands it to `onFound`. A found
 * address is confirmed with the original's toast ('Endereço preenchido automaticamente!'); a
 * failed or slow look-up is said beside the CEP field, not in a toast that would cover the
 * fields to type by hand (ADR 192): `message` is that text. Every field stays editable.
 */
export function useCepAutofill(onFound: (address: CepAddressFields) => void) {
  const toast = useToast();
  const [status, setStatus] = React.useState<CepStatus>("idle");
  const [message, setMessage] = React.useState<string | null>(null);
  const last = React.useRef<string | null>(null);
  const onBlur = React.useCallback(
    async (event: React.FocusEvent<HTMLInputElement>) => {
      const digits = cepDigits(event.currentTarget.value);
      if (digits.length === 0) setMessage(null);
      if (digits.length === 0 || digits === last.current) return;
      last.current = digits;
      setStatus("loading");
      setMessage(null);
      const outcome = await fetchCepAddress(digits);
      setStatus(outcome.kind);
      if (outcome.kind === "found") {
        onFound(outcome.address);
        toast({ type: "success", message: outcome.message });
      } else {
        last.current = null; // a retry after fixing the CEP or the network must ask again
        setMessage(outcome.message);
      }
    },
    [onFound, toast],
  );
  return { onBlur, status, message };
}

/** Names of the fields of the same form that a found address fills. */
export type CepFillTargets = {
  /** One line with street and neighbourhood, as the original's address field. */
  address?: string;
  street?: string;
  neighbourhood?: string;
  city?: string;
  state?: string;
};

function fillForm(form: HTMLFormElement | null, targets: CepFillTargets, address: CepAddressFields) {
  if (!form) return;
  const values: Record<keyof CepFillTargets, string> = {
    address: addressLine(address),
    street: address.street,
    neighbourhood: address.neighbourhood,
    city: address.city,
    state: address.state,
  };
  for (const [key, name] of Object.entries(targets) as [keyof CepFillTargets, string | undefined][]) {
    const field = name ? form.elements.namedItem(name) : null;
    if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement) {
      field.value = values[key];
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
}

/**
 * A masked CEP field that fills the address fields of its own form (uncontrolled fields, by
 * name: `fill={{ address: "endereco", city: "cidade", state: "estado" }}`), or calls `onFound`
 * for forms that keep their own state. Use inside `Field` like any input.
 */
export function CepField({
  fill,
  onFound,
  onBlur,
  ...props
}: Omit<MaskedInputProps, "kind"> & { fill?: CepFillTargets; onFound?: (address: CepAddressFields) => void }) {
  const ref = React.useRef<HTMLInputElement>(null);
  const found = React.useCallback(
    (address: CepAddressFields) => {
      if (fill) fillForm(ref.current?.form ?? null, fill, address);
      onFound?.(address);
    },
    [fill, onFound],
  );
  const autofill = useCepAutofill(found);
  const statusId = `${props.id ?? props.name ?? "cep"}-lookup`;
  const text = autofill.status === "loading" ? "Buscando..." : (autofill.message ?? "");
  const tone =
    autofill.status === "not-found"
      ? "font-medium text-red-700"
      : autofill.status === "unavailable"
        ? "font-medium text-amber-900"
        : "text-slate-600";
  return (
    <>
      <MaskedInput
        {...props}
        ref={ref}
        kind="cep"
        aria-busy={autofill.status === "loading" || undefined}
        aria-describedby={[props["aria-describedby"], text ? statusId : null].filter(Boolean).join(" ") || undefined}
        onBlur={(e) => {
          onBlur?.(e);
          void autofill.onBlur(e);
        }}
      />
      <span id={statusId} role="status" data-testid="cep-status" className={`text-sm empty:hidden ${tone}`}>
        {text}
      </span>
    </>
  );
}
