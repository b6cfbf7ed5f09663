import { Badge } from "~/components/ui/badge";
import { PAYMENT_STATUS_LABELS, SITUATION_LABELS, type PaymentStatus } from "~/domain/members/member-options";

const TONES: Record<PaymentStatus, "success" | "warning" | "neutral"> = { active: "success", late: "warning", inactive: "neutral" };

/** The derived payment status (original-spec §4): Ativo / Afastado / Inativo. */
export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return <Badge tone={TONES[status]}>{PAYMENT_STATUS_LABELS[status]}</Badge>;
}

export function situationLabel(situation: number | null) {
  return situation === null ? "Não informada" : (SITUATION_LABELS[String(situation)] ?? String(situation));
}
