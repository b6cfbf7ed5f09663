import * as React from "react";
import { AlertDialog as AD, Dialog as D } from "radix-ui";
import { X } from "~/components/icons/sprite";
import { cn } from "~/lib/cn";
import { buttonVariants } from "./button";

const overlay = "fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[1px]";
const panel =
  "fixed left-1/2 top-1/2 z-50 grid max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-white p-6 shadow-xl";

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

/**
 * A dialog with a form opens on its first field, not on "Fechar" (issue 19 §14); one without
 * fields keeps Radix's default (the first focusable element).
 */
function focusFirstField(event: Event) {
  const content = event.currentTarget as HTMLElement | null;
  const field = content?.querySelector<HTMLElement>(
    "form input:not([type=hidden]):not([disabled]):not([readonly]), form select:not([disabled]), form textarea:not([disabled]):not([readonly])",
  );
  if (!field) return;
  event.preventDefault();
  field.focus();
}

export function DialogContent({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <D.Portal>
      <D.Overlay className={overlay} />
      <D.Content className={cn(panel, className)} aria-describedby={description ? undefined : undefined} onOpenAutoFocus={focusFirstField}>
        <div className="flex items-start justify-between gap-4">
          <div className="grid gap-1">
            <D.Title className="text-lg font-semibold text-slate-900">{title}</D.Title>
            {description ? (
              <D.Description className="text-sm text-slate-600">{description}</D.Description>
            ) : (
              <D.Description className="sr-only">{title}</D.Description>
            )}
          </div>
          <D.Close className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900" aria-label="Fechar">
            <X className="size-5" />
          </D.Close>
        </div>
        {children}
      </D.Content>
    </D.Portal>
  );
}

/** A confirmation dialog whose confirm button submits `form` (or runs onConfirm). */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel = "Confirmar",
  cancelLabel = "Cancelar",
  destructive = true,
  children,
}: {
  trigger: React.ReactNode;
  title: string;
  description: React.ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  /** The confirm control, usually a submit button inside a <Form>. Defaults to a plain action. */
  children?: (confirmClass: string) => React.ReactNode;
}) {
  const confirmClass = buttonVariants({ variant: destructive ? "destructive" : "default" });
  return (
    <AD.Root>
      <AD.Trigger asChild>{trigger}</AD.Trigger>
      <AD.Portal>
        <AD.Overlay className={overlay} />
        <AD.Content className={panel}>
          <AD.Title className="text-lg font-semibold text-slate-900">{title}</AD.Title>
          <AD.Description className="text-sm text-slate-700">{description}</AD.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AD.Cancel className={buttonVariants({ variant: "outline" })}>{cancelLabel}</AD.Cancel>
            {children ? children(confirmClass) : <AD.Action className={confirmClass}>{confirmLabel}</AD.Action>}
          </div>
        </AD.Content>
      </AD.Portal>
    </AD.Root>
  );
}
