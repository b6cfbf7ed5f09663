import { Toast } from "radix-ui";
import { CheckCircle2, Info, X, XCircle } from "lucide-react";
import { cn } from "~/lib/cn";
import type { ToastMessage } from "./toaster";

const icons = { success: CheckCircle2, error: XCircle, info: Info };
const tones = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-950",
  error: "border-red-300 bg-red-50 text-red-950",
  info: "border-sky-300 bg-sky-50 text-sky-950",
};

/** The Radix toast region. Loaded on demand by <Toaster> the first time a toast exists. */
export default function ToastViewport({ toasts, onDismiss }: { toasts: ToastMessage[]; onDismiss: (id: string) => void }) {
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
      <Toast.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}
