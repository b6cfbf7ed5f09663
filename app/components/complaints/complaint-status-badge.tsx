import { Badge } from "~/components/ui/badge";
import { COMPLAINT_STATUS_LABELS, type ComplaintStatus } from "~/domain/complaints/complaint.schema";

const TONES: Record<ComplaintStatus, "warning" | "info" | "success" | "neutral"> = {
  pending: "warning",
  in_review: "info",
  resolved: "success",
  dismissed: "neutral",
};

export function ComplaintStatusBadge({ status, className }: { status: ComplaintStatus; className?: string }) {
  return (
    <Badge tone={TONES[status]} className={className} data-testid="complaint-status">
      {COMPLAINT_STATUS_LABELS[status]}
    </Badge>
  );
}
