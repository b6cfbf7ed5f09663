import { Clock, Mail, MapPin, Phone } from "~/components/icons/public-icons";
import type { InstitutionalContent } from "~/domain/content/institutional";
import { telHref } from "~/domain/content/contact-links";
// clsx, not ~/lib/cn: no class here overrides another, and public pages don't load tailwind-merge.
import { clsx as cn } from "clsx";

/**
 * Address, phones, e-mail and hours from the institutional content. `tone` picks colours for a
 * light card or the dark footer (both pass WCAG AA contrast).
 */
export function ContactList({
  content,
  tone = "light",
  showHours = true,
  className,
}: {
  content: Pick<InstitutionalContent, "address" | "addressDetail" | "phones" | "email" | "hours">;
  tone?: "light" | "dark";
  showHours?: boolean;
  className?: string;
}) {
  const dark = tone === "dark";
  const icon = cn("size-4 shrink-0 translate-y-0.5", dark ? "text-flame-400" : "text-brand-700");
  const link = cn("underline-offset-4 hover:underline", dark ? "text-slate-200 hover:text-white" : "text-slate-800 hover:text-brand-800");
  const label = "sr-only";
  return (
    <ul className={cn("grid gap-3 text-sm", dark ? "text-slate-300" : "text-slate-700", className)}>
      <li className="flex gap-2.5">
        <MapPin className={icon} aria-hidden />
        <span>
          <span className={label}>Endereço: </span>
          {content.address}
          {content.addressDetail ? (
            <span className={cn("block text-xs", dark ? "text-slate-400" : "text-slate-600")}>{content.addressDetail}</span>
          ) : null}
        </span>
      </li>
      {content.phones.map((p) => (
        <li key={p} className="flex gap-2.5">
          <Phone className={icon} aria-hidden />
          <span>
            <span className={label}>Telefone: </span>
            <a href={telHref(p)} className={link}>
              {p}
            </a>
          </span>
        </li>
      ))}
      <li className="flex gap-2.5">
        <Mail className={icon} aria-hidden />
        <span className="min-w-0 break-words">
          <span className={label}>E-mail: </span>
          <a href={`mailto:${content.email}`} className={link}>
            {content.email}
          </a>
        </span>
      </li>
      {showHours ? (
        <li className="flex gap-2.5">
          <Clock className={icon} aria-hidden />
          <span>
            <span className={label}>Horário de atendimento: </span>
            {content.hours}
          </span>
        </li>
      ) : null}
    </ul>
  );
}
