import * as React from "react";
import { useToast } from "~/components/ui/toaster";
import type { ActionResult } from "./action-result";

/** Shows a fetcher's answer as a toast once, and runs onSuccess when it succeeded. */
export function useActionToast(result: ActionResult | undefined, onSuccess?: () => void) {
  const toast = useToast();
  const seen = React.useRef<ActionResult | undefined>(undefined);
  React.useEffect(() => {
    if (!result || seen.current === result) return;
    seen.current = result;
    toast({ type: result.ok ? "success" : "error", message: result.message });
    if (result.ok) onSuccess?.();
  }, [result, toast, onSuccess]);
}
