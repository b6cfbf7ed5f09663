import * as React from "react";
import { useLocation } from "react-router";

export type ToastMessage = { id: string; type: "success" | "error" | "info" | "warning"; message: string };

/** At most two toasts at once (ADR 192): a third pushes the oldest out. */
export const MAX_TOASTS = 2;

/**
 * A toast tells what just happened on the page it appeared on; moving on to another page takes it
 * away (ADR 278), unless it was raised just before that move (a toast followed by `navigate()`,
 * as "Rota finalizada" is), which then shows on the page it led to, and on no page after it.
 */
export const CARRY_OVER_MS = 1500;

/** `carried`: it has already moved to another page once; the next move takes it away. */
type Shown = ToastMessage & { at: number; carried?: boolean };

const ToastContext = React.createContext<(t: Omit<ToastMessage, "id">) => void>(() => {});

/** Shows a toast from anywhere (e.g. after a fetcher action). */
export function useToast() {
  return React.useContext(ToastContext);
}

// The Radix toast code is fetched only when a page first has a toast to show, so public pages
// (which rarely do) don't pay for it on first load.
const ToastViewport = React.lazy(() => import("./toast-viewport"));

export function Toaster({ initial, children }: { initial?: ToastMessage | null; children: React.ReactNode }) {
  const [toasts, setToasts] = React.useState<Shown[]>(initial ? [{ ...initial, at: Date.now() }] : []);
  const [shown, setShown] = React.useState(Boolean(initial));
  const lastInitial = React.useRef(initial?.id);
  const { key: page } = useLocation();
  const lastPage = React.useRef(page);
  // Declared before the flash effect: on a move that brings a flash, the old toasts go first.
  React.useEffect(() => {
    if (page === lastPage.current) return;
    lastPage.current = page;
    const now = Date.now();
    setToasts((ts) => ts.filter((t) => !t.carried && now - t.at < CARRY_OVER_MS).map((t) => ({ ...t, carried: true })));
  }, [page]);
  React.useEffect(() => {
    if (initial && initial.id !== lastInitial.current) {
      lastInitial.current = initial.id;
      setToasts((ts) => [...ts, { ...initial, at: Date.now() }].slice(-MAX_TOASTS));
      setShown(true);
    }
  }, [initial]);
  const push = React.useCallback((t: Omit<ToastMessage, "id">) => {
    setToasts((ts) => [...ts, { ...t, id: `${Date.now()}-${Math.random()}`, at: Date.now() }].slice(-MAX_TOASTS));
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
