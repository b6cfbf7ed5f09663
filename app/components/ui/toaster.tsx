import * as React from "react";

export type ToastMessage = { id: string; type: "success" | "error" | "info"; message: string };

/** At most two toasts at once (ADR 192): a third pushes the oldest out. */
export const MAX_TOASTS = 2;

const ToastContext = React.createContext<(t: Omit<ToastMessage, "id">) => void>(() => {});

/** Shows a toast from anywhere (e.g. after a fetcher action). */
export function useToast() {
  return React.useContext(ToastContext);
}

// The Radix toast code is fetched only when a page first has a toast to show, so public pages
// (which rarely do) don't pay for it on first load.
const ToastViewport = React.lazy(() => import("./toast-viewport"));

export function Toaster({ initial, children }: { initial?: ToastMessage | null; children: React.ReactNode }) {
  const [toasts, setToasts] = React.useState<ToastMessage[]>(initial ? [initial] : []);
  const [shown, setShown] = React.useState(Boolean(initial));
  const lastInitial = React.useRef(initial?.id);
  React.useEffect(() => {
    if (initial && initial.id !== lastInitial.current) {
      lastInitial.current = initial.id;
      setToasts((ts) => [...ts, initial].slice(-MAX_TOASTS));
      setShown(true);
    }
  }, [initial]);
  const push = React.useCallback((t: Omit<ToastMessage, "id">) => {
    setToasts((ts) => [...ts, { ...t, id: `${Date.now()}-${Math.random()}` }].slice(-MAX_TOASTS));
    setShown(true);
  }, []);
  const dismiss = React.useCallback((id: string) => setToasts((ts) => ts.filter((x) => x.id !== id)), []);
  return (
    <ToastContext.Provider value={push}>
      {children}
      {shown ? (
        <React.Suspense fallback={null}>
          <ToastViewport toasts={toasts} onDismiss={dismiss} />
        </React.Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}
