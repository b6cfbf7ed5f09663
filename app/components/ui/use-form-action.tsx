import * as React from "react";
import { Form, useActionData, useFetcher, useNavigation, useRevalidator } from "react-router";
import { Alert } from "./alert";
import { useToast } from "./toaster";
import { useSharedRef } from "./use-shared-ref";
import type { ActionResult } from "~/utils/action-result";
import { formFields, mergeErrors, nextOverrides, validateFields, type LiveSchema, type ToInput } from "~/utils/live-validation";

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
  /**
   * Default yes: a success's message as a toast, a failure's message in the page (an alert at the
   * end of the form, beside its button; ADR 192). No: the page shows both itself.
   */
  toast?: boolean;
  /** With `toast`, whether the form shows the failure alert (no: the page renders `error`). */
  errorAlert?: boolean;
  /**
   * The action's schema (ADR 190): each field is checked when it loses focus, and a shown error
   * is re-checked as the field changes (typed, picked or filled by code) and cleared once valid.
   */
  schema?: LiveSchema;
  /**
   * Instead of `schema`: a function that imports it. It is fetched when the form first takes the
   * focus (or at the first check), so the validation library is not on the page's first load; a
   * check asked for meanwhile runs once it has arrived (docs/decisions/284-field-screens-on-a-phone.md).
   */
  lazySchema?: () => Promise<LiveSchema>;
  /** The schema's input from the form's fields, when the action builds it (`toInput`). */
  toInput?: ToInput;
  /** The intent live checks read the form as, when the form has no `intent` field (several submit buttons). */
  validateAs?: string;
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
  const { mode = "fetcher", intent, toast: showToast = true, errorAlert = true, onSuccess, action } = options;
  const fetcher = useFetcher<T>();
  const navigation = useNavigation();
  const documentData = useActionData() as T | undefined;
  const documentResult = documentData && (intent === undefined || documentData.intent === intent) ? documentData : undefined;
  // The answer is plain JSON-like data: what the action returned is what arrives.
  const result = mode === "fetcher" ? ((fetcher.data as T | undefined) ?? documentResult) : documentResult;
  const failed = result && !result.ok ? result : undefined;

  // Live checks (ADR 190): overrides of the server's field errors, name → message or null (cleared).
  const [overrides, setOverrides] = React.useState<Record<string, string | null>>({});
  const serverErrors = React.useMemo(() => failed?.errors ?? ({} as Record<string, string>), [failed]);
  const errors = React.useMemo(() => mergeErrors(serverErrors, overrides), [serverErrors, overrides]);
  // A refusal for its fields ("Por favor, corrija os erros no formulário") no longer applies once
  // every one of them has been fixed: its message goes with the last field error (issue 19 §4).
  const allFixed = Object.keys(serverErrors).length > 0 && Object.keys(errors).length === 0;
  const failureMessage = allFixed ? undefined : failed?.message;
  const formRef = React.useRef<HTMLFormElement | null>(null);
  const judged = React.useRef<Record<string, string> | undefined>(undefined);
  const liveIntent = options.validateAs ?? intent;
  const live = React.useRef({ schema: options.schema, toInput: options.toInput, intent: liveIntent, errors, serverErrors, overrides });
  live.current = { schema: options.schema, toInput: options.toInput, intent: liveIntent, errors, serverErrors, overrides };
  const lazySchema = React.useRef<{ load?: () => Promise<LiveSchema>; loading?: Promise<void>; loaded?: LiveSchema }>({});
  lazySchema.current.load = options.lazySchema;
  /** Starts fetching a lazy schema (once; again after a failed fetch); resolves when it is there. */
  const prepare = React.useCallback(() => {
    const lazy = lazySchema.current;
    if (lazy.loaded || !lazy.load) return Promise.resolve();
    lazy.loading ??= lazy.load().then(
      (schema) => {
        lazy.loaded = schema;
      },
      () => {
        lazy.loading = undefined;
      },
    );
    return lazy.loading;
  }, []);
  const check = React.useCallback(
    function check(blurred?: string) {
      const form = formRef.current;
      const l = live.current;
      const schema = l.schema ?? lazySchema.current.loaded;
      if (!form || (!schema && !lazySchema.current.load)) return;
      if (!blurred && Object.keys(l.errors).length === 0) return;
      if (!schema) {
        // Not fetched yet: checked once it arrives (a failed fetch leaves the check to the server).
        void prepare().then(() => {
          if (lazySchema.current.loaded) check(blurred);
        });
        return;
      }
      const fields = formFields(form);
      const found = validateFields(schema, fields, { toInput: l.toInput, intent: l.intent });
      const present = (name: string) => form.elements.namedItem(name) !== null;
      const next = nextOverrides({
        shown: l.errors,
        server: l.serverErrors,
        overrides: l.overrides,
        found,
        fields,
        judged: judged.current,
        present,
        blurred,
      });
      if (next) setOverrides(next);
    },
    [prepare],
  );

  const toast = useToast();
  const seen = React.useRef<T | undefined>(undefined);
  const [resetKey, setResetKey] = React.useState(0);
  const onSuccessRef = React.useRef(onSuccess);
  onSuccessRef.current = onSuccess;
  React.useEffect(() => {
    if (!result || seen.current === result) return;
    seen.current = result;
    setOverrides({});
    judged.current = formRef.current ? formFields(formRef.current) : undefined;
    if (showToast && result.ok && result.message) toast({ type: result.tone ?? "success", message: result.message });
    if (result.ok) {
      setResetKey((k) => k + 1);
      onSuccessRef.current?.(result);
    } else if (result.errors && formRef.current) {
      // Every error is shown at once; the first one (in the form's order) gets the focus.
      const names = new Set(Object.keys(result.errors));
      const first = Array.from(formRef.current.elements).find(
        (el): el is HTMLElement =>
          el instanceof HTMLElement &&
          names.has(el.getAttribute("name") ?? "") &&
          !(el as HTMLInputElement).disabled &&
          (el as HTMLInputElement).type !== "hidden",
      );
      first?.focus();
    }
  }, [result, toast, showToast]);

  const busy =
    mode === "fetcher"
      ? fetcher.state !== "idle"
      : navigation.state !== "idle" &&
        navigation.formData !== undefined &&
        (action === undefined || (navigation.formAction ?? "").startsWith(action));
  const pending = mode === "fetcher" ? fetcher.formData : navigation.formData;

  const Base = mode === "fetcher" ? fetcher.Form : Form;
  // The form's own alert, unless the message is already under a field (a validation failure).
  const alertMessage =
    showToast && errorAlert && failureMessage && !Object.values(failed?.errors ?? {}).includes(failureMessage) ? failureMessage : undefined;
  const view = React.useRef({ alertMessage });
  view.current = { alertMessage };
  // One component per hook (its identity never changes, so the form is never remounted by it).
  const ValidatedForm = React.useMemo(() => makeValidatedForm(Base, formRef, check, prepare, view), [Base, check, prepare]);

  return {
    Form: ValidatedForm,
    fetcher,
    result,
    /** Field name → message: the last refused answer's, kept up to date as fields change. */
    errors,
    /** The last refused answer's message (gone once the fields it was about are all fixed). */
    error: failureMessage,
    busy,
    /** The intent being sent right now (forms with several submit buttons). */
    pendingIntent: busy ? (pending?.get("intent") as string | null | undefined) : undefined,
    resetKey,
  };
}

type FormComponent = typeof Form;

function makeValidatedForm(
  Base: FormComponent,
  formRef: React.RefObject<HTMLFormElement | null>,
  check: (blurred?: string) => void,
  prepare: () => Promise<void>,
  view: React.RefObject<{ alertMessage: string | undefined }>,
) {
  function ValidatedForm({ ref, onFocus, onBlur, onInput, onChange, children, ...props }: React.ComponentProps<FormComponent>) {
    const setRef = useSharedRef(formRef, ref);
    // After every render: a field filled from state (a look-up, a choice) may have fixed an error.
    React.useEffect(() => check());
    const nameOf = (target: EventTarget) => (target instanceof Element ? (target.getAttribute("name") ?? undefined) : undefined);
    const message = view.current.alertMessage;
    return (
      <Base
        {...props}
        ref={setRef}
        onFocus={(e) => {
          onFocus?.(e);
          void prepare();
        }}
        onBlur={(e) => {
          onBlur?.(e);
          const name = nameOf(e.target);
          // Leaving a field for a submit button: the answer will judge the whole form. Showing the
          // error now would move the button between the press and the release, losing the click.
          const next = e.relatedTarget;
          if (next instanceof HTMLButtonElement && next.type === "submit" && next.form === e.currentTarget) return;
          if (name) check(name);
        }}
        onInput={(e) => {
          onInput?.(e);
          check();
        }}
        onChange={(e) => {
          onChange?.(e);
          check();
        }}
      >
        {children}
        {message ? (
          <Alert tone="error" data-testid="form-error" className="w-full">
            {message}
          </Alert>
        ) : null}
      </Base>
    );
  }
  return ValidatedForm;
}

/** A form in a dialog: the dialog's open state, closed when the answer is a success. */
export function useDialogFormAction<T extends ActionResult = ActionResult>(
  options: Omit<Options<T>, "mode"> & { initialOpen?: boolean } = {},
) {
  const [open, setOpenState] = React.useState(options.initialOpen ?? false);
  const { onSuccess } = options;
  const form = useFormAction<T>({
    ...options,
    onSuccess: (result) => {
      setOpenState(false);
      onSuccess?.(result);
    },
  });
  const revalidator = useRevalidator();
  const conflict = form.result && !form.result.ok && form.result.status === 409;
  // A 409 says the record changed meanwhile (a charge already paid, a status already changed):
  // React Router reloads nothing after a 4xx, so the page behind still shows the old state. The
  // dialog keeps the message; closing it reloads the page, which then shows what is true now.
  const setOpen = React.useCallback(
    (next: boolean) => {
      setOpenState(next);
      if (!next && conflict) void revalidator.revalidate();
    },
    [conflict, revalidator],
  );
  /** The errors a dialog shows: its last answer's while open, none while it is closed (or closing). */
  const openErrors = open ? form.errors : {};
  return { ...form, open, setOpen, openErrors };
}
