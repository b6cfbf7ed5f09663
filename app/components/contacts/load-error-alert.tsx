import { Link, useLocation } from "react-router";
import { RotateCcw } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";

/** The inbox and the cases board when messages could not be loaded: the message and a full reload. */
export function LoadErrorAlert({ message }: { message: string }) {
  const location = useLocation();
  return (
    <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
      <span className="font-medium">{message}</span>
      <Button asChild variant="outline" size="sm">
        <Link to={location.pathname + location.search} reloadDocument>
          <RotateCcw /> Tentar novamente
        </Link>
      </Button>
    </Alert>
  );
}
