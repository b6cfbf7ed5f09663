import { Check, X } from "lucide-react";
import { cn } from "~/lib/cn";
import { PASSWORD_CRITERIA, passwordScore, passwordStrengthLabel } from "~/lib/password-strength";

export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const score = passwordScore(password);
  const label = passwordStrengthLabel(score);
  const color = score >= 4 ? "bg-emerald-600" : score === 3 ? "bg-amber-500" : "bg-red-600";
  return (
    <div id={id} className="grid gap-2" aria-live="polite">
      <div className="flex items-center gap-3">
        <div className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden>
          <div className={cn("h-full rounded-full transition-all", color)} style={{ width: `${(score / 5) * 100}%` }} />
        </div>
        <span className="text-sm font-semibold text-slate-800" data-testid="password-strength">
          Força: {password ? label : "—"}
        </span>
      </div>
      <ul className="grid gap-1 text-sm sm:grid-cols-2">
        {PASSWORD_CRITERIA.map((c) => {
          const ok = c.test(password);
          return (
            <li key={c.id} className={cn("flex items-center gap-1.5", ok ? "text-emerald-800" : "text-slate-600")}>
              {ok ? <Check className="size-4" aria-hidden /> : <X className="size-4" aria-hidden />}
              <span>
                {c.label}
                <span className="sr-only">{ok ? " (atendido)" : " (pendente)"}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
