import { Link } from "react-router";
import { Inbox } from "~/components/icons/sprite";
import { cn } from "~/lib/cn";
import { formatDateTime } from "~/lib/dates";
import { CONTACT_SECTOR_LABELS } from "~/domain/contacts/contact-sectors";
import { isContactSector } from "~/auth/scopes";
import { CONTACT_MESSAGES } from "~/domain/contacts/contact.schema";
import { ContactStatusBadge } from "./contact-status";
import type { ListedMessage } from "~/domain/contacts/contact-row";

export function sectorLabel(sector: string) {
  return isContactSector(sector) ? CONTACT_SECTOR_LABELS[sector] : sector;
}

/**
 * A listed message's date and, for a user who sees more than one sector, its sector: under each message
 * of the inbox list and of the cases board. `className` places it (margin, gaps).
 */
export function MessageDateLine({
  message,
  showSector,
  className,
}: {
  message: Pick<ListedMessage, "createdAt" | "sector">;
  showSector: boolean;
  className: string;
}) {
  return (
    <div className={cn("flex flex-wrap items-center text-xs text-slate-600", className)}>
      <time dateTime={new Date(message.createdAt).toISOString()}>{formatDateTime(message.createdAt)}</time>
      {showSector ? (
        <span className="rounded bg-navy-100 px-1.5 py-0.5 font-semibold text-navy-800">{sectorLabel(message.sector)}</span>
      ) : null}
    </div>
  );
}

/** The inbox list: each row links to `?id=` so the detail opens without JavaScript too. */
export function MessageList({
  messages,
  selectedId,
  hrefFor,
  showSector,
}: {
  messages: ListedMessage[];
  selectedId: string | null;
  hrefFor: (id: string) => string;
  showSector: boolean;
}) {
  if (messages.length === 0) {
    return (
      <div className="grid place-items-center gap-3 px-6 py-16 text-center" data-testid="contacts-empty">
        <span className="grid size-14 place-items-center rounded-full bg-slate-100 text-slate-500">
          <Inbox className="size-7" aria-hidden />
        </span>
        <p className="font-semibold text-slate-800">{CONTACT_MESSAGES.empty}</p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-200" aria-label="Mensagens">
      {messages.map((m) => {
        const selected = m.id === selectedId;
        return (
          <li key={m.id}>
            <Link
              to={hrefFor(m.id)}
              preventScrollReset
              aria-current={selected ? "true" : undefined}
              data-testid="contact-row"
              className={cn(
                "relative block px-4 py-3.5 transition-colors hover:bg-slate-50 focus-visible:outline-offset-[-2px]",
                selected && "bg-brand-50 hover:bg-brand-50",
              )}
            >
              {selected ? <span aria-hidden className="absolute inset-y-0 left-0 w-1 bg-brand-700" /> : null}
              <div className="flex items-center justify-between gap-3">
                <p className={cn("truncate text-sm text-slate-900", m.status === "pending" ? "font-bold" : "font-semibold")}>{m.name}</p>
                <ContactStatusBadge status={m.status} className="shrink-0" />
              </div>
              <p className="mt-1 truncate text-sm font-medium text-navy-900">{m.subject}</p>
              <p className="mt-0.5 line-clamp-1 text-sm text-slate-600">{m.message}</p>
              <MessageDateLine message={m} showSector={showSector} className="mt-1.5 gap-x-3 gap-y-1" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
