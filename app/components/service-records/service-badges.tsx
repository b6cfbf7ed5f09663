import { Badge } from "~/components/ui/badge";
import { dueState } from "~/domain/service-records/due-state";
import { PRIORITY_LABELS, STATUS_LABELS, type Priority, type ServiceStatus } from "~/domain/service-records/service-options";

const STATUS_TONE: Record<ServiceStatus, "warning" | "info" | "success" | "neutral" | "danger"> = {
  pending: "warning",
  in_progress: "info",
  resolved: "success",
  closed: "neutral",
  cancelled: "danger",
};
const PRIORITY_TONE: Record<Priority, "neutral" | "info" | "warning" | "danger"> = {
  baixa: "neutral",
  media: "info",
  alta: "warning",
  urgente: "danger",
};

export function StatusBadge({ status }: { status: string }) {
  const s = status as ServiceStatus;
  return <Badge tone={STATUS_TONE[s] ?? "neutral"}>{STATUS_LABELS[s] ?? status}</Badge>;
}

export function PriorityBadge({ priority }: { priority: string }) {
  const p = priority as Priority;
  return <Badge tone={PRIORITY_TONE[p] ?? "neutral"}>Prioridade {PRIORITY_LABELS[p] ?? priority}</Badge>;
}

/** 'Atrasado' / 'Vence hoje' for an open record. */
export function DueBadge({ dueAt, status, now }: { dueAt: string | Date; status: string; now?: Date }) {
  const state = dueState(dueAt, status, now);
  if (state === "overdue")
    return (
      <Badge tone="danger" data-testid="due-overdue">
        Atrasado
      </Badge>
    );
  if (state === "today")
    return (
      <Badge tone="warning" data-testid="due-today">
        Vence hoje
      </Badge>
    );
  return null;
}
