import { Check, X } from "~/components/icons/sprite";
import { cn } from "~/lib/cn";
import { Field, Input } from "~/components/ui/input";
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

/** A new password's field (kept by the caller, to judge it as it is typed) with its strength meter below. */
export function NewPasswordField({
  label,
  name,
  error,
  value,
  onChange,
  required,
}: {
  label: string;
  name: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}) {
  return (
    <>
      <Field label={label} name={name} error={error}>
        {(p) => (
          <Input
            {...p}
            type="password"
            autoComplete="new-password"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            required={required}
          />
        )}
      </Field>
      <PasswordStrengthMeter password={value} />
    </>
  );
}
