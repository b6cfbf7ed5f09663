import { CheckCircle2, Clock3, Loader2, MessageSquareReply } from "~/components/icons/sprite";
import { cn } from "~/lib/cn";
import { CONTACT_STATUS_LABELS, STATUS_BUTTONS, type ContactStatus } from "~/domain/contacts/contact-sectors";
import { useFormAction } from "~/components/ui/use-form-action";
import { Badge } from "~/components/ui/badge";

const TONES = { pending: "warning", replied: "info", resolved: "success" } as const;
const ICONS = { pending: Clock3, replied: MessageSquareReply, resolved: CheckCircle2 } as const;

function asStatus(status: string): ContactStatus {
  return status === "replied" || status === "resolved" ? status : "pending";
}

export function ContactStatusBadge({ status, className }: { status: string; className?: string }) {
  const s = asStatus(status);
  const Icon = ICONS[s];
  return (
    <Badge tone={TONES[s]} className={cn("gap-1", className)}>
      <Icon className="size-3.5" aria-hidden />
      {CONTACT_STATUS_LABELS[s]}
    </Badge>
  );
}

/**
 * The three buttons of the original (Pendente, Em andamento, Resolvido), usable from any
 * state. Each posts intent=status to `action` (the current screen) and toasts the answer.
 * `compact` (the cases board) shows only the two other statuses, as "Mover para".
 */
export function StatusButtons({
  id,
  status,
  action,
  compact = false,
  label,
}: {
  id: string;
  status: string;
  action?: string;
  compact?: boolean;
  label: string;
}) {
  const { Form, fetcher, busy } = useFormAction({ intent: "status" });
  const pendingValue = busy ? fetcher.formData?.get("status") : null;
  const current = asStatus(status);
  const buttons = compact ? STATUS_BUTTONS.filter((b) => b.status !== current) : STATUS_BUTTONS;
  return (
    <Form method="post" action={action} className="contents">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={id} />
      <div role="group" aria-label={label} className={compact ? "grid grid-cols-2 gap-1.5" : "grid grid-cols-3 gap-2 sm:flex sm:flex-wrap"}>
        {compact ? <span className="col-span-2 text-xs font-medium text-slate-600">Mover para</span> : null}
        {buttons.map((b) => {
          const active = b.status === current;
          const Icon = ICONS[b.status];
          return (
            <button
              key={b.value}
              type="submit"
              name="status"
              value={b.value}
              aria-pressed={compact ? undefined : active}
              disabled={busy}
              className={cn(
                "inline-flex items-center justify-center gap-1.5 rounded-lg border font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-70",
                compact
                  ? "h-8 gap-1 whitespace-nowrap px-1.5 text-xs"
                  : "min-h-10 flex-col px-2 py-2 text-xs sm:flex-row sm:px-3.5 sm:py-0 sm:text-sm",
                active
                  ? b.status === "pending"
                    ? "border-amber-600 bg-amber-50 text-amber-900"
                    : b.status === "replied"
                      ? "border-sky-700 bg-sky-50 text-sky-900"
                      : "border-emerald-700 bg-emerald-50 text-emerald-900"
                  : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
              )}
            >
              {pendingValue === b.value ? (
                <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden />
              ) : compact ? null : (
                <Icon className="size-4 shrink-0" aria-hidden />
              )}
              {b.label}
            </button>
          );
        })}
      </div>
    </Form>
  );
}
