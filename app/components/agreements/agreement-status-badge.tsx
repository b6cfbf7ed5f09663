import { CalendarClock, CheckCircle2, Clock3, EyeOff, Globe2, PencilLine } from "./agreement-icons";
import { Badge } from "~/components/ui/badge";
import { STATUS_LABELS, UPCOMING_LABEL, VISIBILITY_LABELS, type AgreementStatus } from "~/domain/agreements/agreement-messages";

const TONES = { active: "success", expired: "neutral", draft: "warning" } as const;
const ICONS = { active: CheckCircle2, expired: Clock3, draft: PencilLine };

/** `upcoming`: active, but its validity starts after today ('A vigorar'). */
export function AgreementStatusBadge({ status, upcoming = false }: { status: AgreementStatus; upcoming?: boolean }) {
  if (status === "active" && upcoming) {
    return (
      <Badge tone="info" className="gap-1" data-testid="agreement-status">
        <CalendarClock className="size-3.5" aria-hidden />
        {UPCOMING_LABEL}
      </Badge>
    );
  }
  const Icon = ICONS[status];
  return (
    <Badge tone={TONES[status]} className="gap-1" data-testid="agreement-status">
      <Icon className="size-3.5" aria-hidden />
      {STATUS_LABELS[status]}
    </Badge>
  );
}

export function VisibilityBadge({ isPublic }: { isPublic: boolean }) {
  const Icon = isPublic ? Globe2 : EyeOff;
  return (
    <Badge tone={isPublic ? "info" : "navy"} className="gap-1" data-testid="agreement-visibility">
      <Icon className="size-3.5" aria-hidden />
      {isPublic ? VISIBILITY_LABELS.public : VISIBILITY_LABELS.internal}
    </Badge>
  );
}
