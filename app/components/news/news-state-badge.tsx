import { Badge } from "~/components/ui/badge";
import { NEWS_STATE_LABELS, type NewsState } from "~/domain/news/news.schema";

const TONES = { draft: "neutral", scheduled: "warning", published: "success" } as const;

export function NewsStateBadge({ state }: { state: NewsState }) {
  return (
    <Badge tone={TONES[state]} data-testid="news-state">
      {NEWS_STATE_LABELS[state]}
    </Badge>
  );
}
