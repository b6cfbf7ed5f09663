import * as React from "react";
import { Dialog } from "radix-ui";
import { X } from "~/components/icons/sprite";

/**
 * The dashboard's menu as a drawer on a phone (Radix's dialog). Fetched when the menu button is
 * first pressed (dashboard-shell.tsx), so Radix's dialog is not on the first load of every staff
 * page (docs/decisions/284-field-screens-on-a-phone.md). `brand` and `children` (the navigation)
 * come from the shell.
 */
export default function DashboardDrawer({
  open,
  onOpenChange,
  brand,
  returnFocus,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  brand: React.ReactNode;
  /** The shell's "Abrir menu" button: not a Radix trigger (it lives outside), so the focus goes back to it by hand. */
  returnFocus: React.RefObject<HTMLButtonElement | null>;
  children: React.ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60 md:hidden" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-navy-950 px-3 py-5 shadow-2xl md:hidden"
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus.current?.focus();
          }}
        >
          <div className="flex items-center justify-between">
            {brand}
            <Dialog.Close className="rounded-md p-2 text-slate-300 hover:bg-white/10" aria-label="Fechar menu">
              <X className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Title className="sr-only">Menu do painel</Dialog.Title>
          <Dialog.Description className="sr-only">Navegação entre as telas do painel</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
