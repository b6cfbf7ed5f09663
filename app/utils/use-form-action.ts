import * as React from "react";
import { Form, useActionData, useFetcher, useNavigation } from "react-router";
import { useToast } from "~/components/ui/toaster";
import type { ActionResult } from "./action-result";

type Options<T extends ActionResult> = {
  /**
   * "fetcher" (default): the form posts in the background and the page stays. "document": a
   * navigating <Form> (pages that redirect or must work the same without JavaScript).
   * Either way, without JavaScript the form posts as a document and its answer arrives as the
   * route's action data, which this hook reads too, so errors still show.
   */
  mode?: "fetcher" | "document";
  /** Only answers to this intent are this form's (pages with several forms on one action). */
  intent?: string;
  /** Show the answer's message as a toast (default: yes). */
  toast?: boolean;
  /** Runs once per successful answer (close a dialog, clear a field…). */
  onSuccess?: (result: T) => void;
  /** Document mode: the form's action path, so another form's navigation does not look busy. */
  action?: string;
};

/**
 * The one client side of a form (ADR 073): the fetcher (or document form), the answer as a
 * toast, the field errors to show beside the inputs, the failure message, whether it is busy,
 * and a key that changes after each success (to clear the form by remounting it).
 */
export function useFormAction<T extends ActionResult = ActionResult>(options: Options<T> = {}) {
  const { mode = "fetcher", intent, toast: showToast = true, onSuccess, action } = options;
  const fetcher = useFetcher<T>();
  const navigation = useNavigation();
  const documentData = useActionData() as T | undefined;
  const documentResult = documentData && (intent === undefined || documentData.intent === intent) ? documentData : undefined;
  // The answer is plain JSON-like data: what the action returned is what arrives.
  const result = mode === "fetcher" ? ((fetcher.data as T | undefined) ?? documentResult) : documentResult;

  const toast = useToast();
  const seen = React.useRef<T | undefined>(undefined);
  const [resetKey, setResetKey] = React.useState(0);
  const onSuccessRef = React.useRef(onSuccess);
  onSuccessRef.current = onSuccess;
  React.useEffect(() => {
    if (!result || seen.current === result) return;
    seen.current = result;
    if (showToast && result.message) toast({ type: result.ok ? "success" : "error", message: result.message });
    if (result.ok) {
      setResetKey((k) => k + 1);
      onSuccessRef.current?.(result);
    }
  }, [result, toast, showToast]);

  const busy =
    mode === "fetcher"
      ? fetcher.state !== "idle"
      : navigation.state !== "idle" && navigation.formData !== undefined && (action === undefined || (navigation.formAction ?? "").startsWith(action));
  const pending = mode === "fetcher" ? fetcher.formData : navigation.formData;
  const failed = result && !result.ok ? result : undefined;
  return {
    Form: mode === "fetcher" ? fetcher.Form : Form,
    fetcher,
    result,
    /** Field name → message, from the last refused answer. */
    errors: failed?.errors ?? ({} as Record<string, string>),
    /** The last refused answer's message. */
    error: failed?.message,
    busy,
    /** The intent being sent right now (forms with several submit buttons). */
    pendingIntent: busy ? (pending?.get("intent") as string | null | undefined) : undefined,
    resetKey,
  };
}

/** A form in a dialog: the dialog's open state, closed when the answer is a success. */
export function useDialogFormAction<T extends ActionResult = ActionResult>(options: Omit<Options<T>, "mode"> & { initialOpen?: boolean } = {}) {
  const [open, setOpen] = React.useState(options.initialOpen ?? false);
  const { onSuccess } = options;
  const form = useFormAction<T>({
    ...options,
    onSuccess: (result) => {
      setOpen(false);
      onSuccess?.(result);
    },
  });
  return { ...form, open, setOpen };
}
