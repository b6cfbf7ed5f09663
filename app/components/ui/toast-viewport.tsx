import * as React from "react";
import { Toast } from "radix-ui";
import { CheckCircle2, Info, TriangleAlert, X, XCircle } from "~/components/icons/sprite";
import { cn } from "~/lib/cn";
import type { ToastMessage } from "./toaster";

const icons = { success: CheckCircle2, error: XCircle, info: Info, warning: TriangleAlert };
const tones = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-950",
  error: "border-red-300 bg-red-50 text-red-950",
  info: "border-sky-300 bg-sky-50 text-sky-950",
  warning: "border-amber-300 bg-amber-50 text-amber-950",
};

type Edge = "top" | "bottom";

/**
 * What the toasts must not cover: a sticky action bar marked `data-toasts-avoid`, the focused
 * control, and, when it belongs to a form, that form's submit buttons (scrolling down to "Salvar"
 * with the field still focused must not bring the toasts over the button).
 */
function protectedBoxes(): DOMRect[] {
  // A page's sticky action bar (`data-toasts-avoid`: the content page's "Salvar alterações") is
  // never covered, wherever the focus is (after a save it is on the page's body).
  const boxes = Array.from(document.querySelectorAll<HTMLElement>("[data-toasts-avoid]"), (b) => b.getBoundingClientRect());
  const el = document.activeElement;
  if (!(el instanceof HTMLElement) || el === document.body) return boxes.filter((b) => b.width > 0 && b.height > 0);
  boxes.push(el.getBoundingClientRect());
  const form = (el as HTMLInputElement).form ?? el.closest("form");
  if (form)
    for (const b of form.querySelectorAll<HTMLElement>("button[type=submit], button:not([type]), input[type=submit]"))
      boxes.push(b.getBoundingClientRect());
  return boxes.filter((b) => b.width > 0 && b.height > 0);
}

/**
 * The bottom of the page's sticky top bar (`data-toasts-below`: the panel's header with its menu
 * and sign-out buttons, the site's header with its menu), where the top edge starts (ADR 230).
 */
function barBottom(): number {
  const bar = document.querySelector("[data-toasts-below]");
  return bar ? Math.max(0, Math.round(bar.getBoundingClientRect().bottom)) : 0;
}

/**
 * Where the toasts sit (ADR 192, ADR 306): at the bottom, on a laptop (right corner, away from the
 * forms' left-aligned fields) and on a phone alike: at the top of a phone they covered the page's
 * heading and first lines, what the person reads on arriving. When the focused field or its
 * form's submit button is under them they move to the top edge, below the page's top bar, never
 * over its menu (ADR 230).
 */
function useEdge(region: React.RefObject<HTMLOListElement | null>, count: number): { edge: Edge; top: number } {
  const [spot, setSpot] = React.useState<{ edge: Edge; top: number }>({ edge: "bottom", top: 0 });
  React.useEffect(() => {
    const place = () => {
      const below = barBottom();
      const set = (edge: Edge) => setSpot((p) => (p.edge === edge && p.top === below ? p : { edge, top: below }));
      const boxes = protectedBoxes();
      const box = region.current?.getBoundingClientRect();
      if (boxes.length === 0 || !box || box.height === 0) return set("bottom");
      const h = box.height;
      const vh = window.innerHeight;
      const overlaps = (e: Edge) => {
        const top = e === "top" ? below : vh - h;
        const bottom = e === "top" ? below + h : vh;
        return boxes.some((f) => f.right > box.left && f.left < box.right && f.bottom > top && f.top < bottom);
      };
      set(overlaps("bottom") && !overlaps("top") ? "top" : "bottom");
    };
    place();
    window.addEventListener("focusin", place);
    window.addEventListener("resize", place);
    window.addEventListener("scroll", place, { passive: true });
    return () => {
      window.removeEventListener("focusin", place);
      window.removeEventListener("resize", place);
      window.removeEventListener("scroll", place);
    };
  }, [region, count]);
  return spot;
}

const IN_DIALOG = '[role="dialog"], [role="alertdialog"]';

/**
 * The toasts shown before a dialog (or the phone's menu) opens go when it opens: they told what
 * came before, and over a dialog they hide its title and its close button. Toasts raised while the
 * dialog is open stay. "Opens" is the focus moving from outside any dialog to inside one.
 */
function useDismissOnDialogOpen(toasts: ToastMessage[], onDismiss: (id: string) => void) {
  const current = React.useRef(toasts);
  current.current = toasts;
  React.useEffect(() => {
    let inDialog = document.activeElement instanceof Element && document.activeElement.closest(IN_DIALOG) !== null;
    const onFocus = (e: FocusEvent) => {
      const now = e.target instanceof Element && e.target.closest(IN_DIALOG) !== null;
      if (now && !inDialog) for (const t of current.current) onDismiss(t.id);
      inDialog = now;
    };
    window.addEventListener("focusin", onFocus);
    return () => window.removeEventListener("focusin", onFocus);
  }, [onDismiss]);
}

/** The Radix toast region. Loaded on demand by <Toaster> the first time a toast exists. */
export default function ToastViewport({ toasts, onDismiss }: { toasts: ToastMessage[]; onDismiss: (id: string) => void }) {
  const region = React.useRef<HTMLOListElement>(null);
  const { edge, top } = useEdge(region, toasts.length);
  useDismissOnDialogOpen(toasts, onDismiss);
  return (
    <Toast.Provider swipeDirection="right" duration={6000} label="Notificação">
      {toasts.map((t) => {
        const Icon = icons[t.type];
        return (
          <Toast.Root
            key={t.id}
            type={t.type === "error" ? "foreground" : "background"}
            onOpenChange={(open) => {
              if (!open) onDismiss(t.id);
            }}
            className={cn("flex items-start gap-3 rounded-lg border p-4 shadow-lg", tones[t.type])}
            data-testid="toast"
          >
            <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
            <Toast.Description className="flex-1 text-sm font-medium">{t.message}</Toast.Description>
            <Toast.Close aria-label="Fechar" className="rounded p-0.5 opacity-70 hover:opacity-100">
              <X className="size-4" />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport
        ref={region}
        data-edge={edge}
        style={edge === "top" ? { top } : undefined}
        className={cn(
          "fixed right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-3 outline-none sm:p-4 print:hidden",
          edge === "top" ? "top-0" : "bottom-0",
        )}
      />
    </Toast.Provider>
  );
}
