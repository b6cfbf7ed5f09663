import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowLeft, Printer } from "~/components/icons/sprite";
import { Button } from "./button";

/**
 * The bar above a printable page (a receipt, a charge, the member's card), left off the paper:
 * what comes first (the way back, or the page's title), then the button that prints the page.
 */
export function PrintBar({
  children,
  printLabel = "Imprimir",
  printable = true,
}: {
  children: ReactNode;
  printLabel?: string;
  printable?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
      {children}
      {printable ? (
        <Button type="button" variant="outline" size="sm" onClick={() => window.print()}>
          <Printer aria-hidden />
          {` ${printLabel}`}
        </Button>
      ) : null}
    </div>
  );
}

/** The printable page's way back to where it was opened from. */
export function PrintBarBackLink({ to, label, testId }: { to: string; label: string; testId?: string }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
      data-testid={testId}
    >
      <ArrowLeft aria-hidden className="size-4" />
      {` ${label}`}
    </Link>
  );
}
