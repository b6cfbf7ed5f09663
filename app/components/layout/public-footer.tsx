import { Link } from "react-router";
import { Clock, Mail, MapPin, Phone } from "lucide-react";
import type { InstitutionalContent } from "~/domain/content/institutional";
import { BrandMark } from "./brand-mark";

export function PublicFooter({ content }: { content: InstitutionalContent }) {
  const social = [
    { href: content.social.instagram, label: "Instagram" },
    { href: content.social.facebook, label: "Facebook" },
    { href: content.social.youtube, label: "YouTube" },
  ].filter((s) => s.href);
  return (
    <footer className="bg-navy-950 text-slate-300">
      <div className="container-page grid gap-10 py-12 md:grid-cols-3">
        <div className="grid content-start gap-4">
          <div className="flex items-center gap-3">
            <BrandMark className="size-10" />
            <p className="font-bold text-white">{content.shortName}</p>
          </div>
          <p className="text-sm leading-relaxed">{content.description}</p>
          {social.length ? (
            <ul className="flex flex-wrap gap-3" aria-label="Redes sociais">
              {social.map((s) => (
                <li key={s.label}>
                  <a href={s.href} rel="noopener noreferrer" target="_blank" className="text-sm font-medium text-white underline-offset-4 hover:underline">
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Contato</h2>
          <ul className="mt-4 grid gap-3 text-sm">
            <li className="flex gap-2">
              <MapPin className="size-4 shrink-0 translate-y-0.5 text-flame-400" aria-hidden />
              <span>{content.address}</span>
            </li>
            {content.phones.map((p) => (
              <li key={p} className="flex gap-2">
                <Phone className="size-4 shrink-0 translate-y-0.5 text-flame-400" aria-hidden />
                <a href={`tel:${p.replace(/[^\d+]/g, "")}`} className="hover:text-white">
                  {p}
                </a>
              </li>
            ))}
            <li className="flex gap-2">
              <Mail className="size-4 shrink-0 translate-y-0.5 text-flame-400" aria-hidden />
              <a href={`mailto:${content.email}`} className="hover:text-white">
                {content.email}
              </a>
            </li>
            <li className="flex gap-2">
              <Clock className="size-4 shrink-0 translate-y-0.5 text-flame-400" aria-hidden />
              <span>{content.hours}</span>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Acesso rápido</h2>
          <ul className="mt-4 grid gap-2 text-sm">
            <li><Link className="hover:text-white" to="/convencoes">Convenções coletivas</Link></li>
            <li><Link className="hover:text-white" to="/noticias">Notícias</Link></li>
            <li><Link className="hover:text-white" to="/parceiros">Parceiros</Link></li>
            <li><Link className="hover:text-white" to="/denuncia">Denúncia anônima</Link></li>
            <li><Link className="hover:text-white" to="/privacidade">Aviso de privacidade</Link></li>
            <li><Link className="hover:text-white" to="/login">Área restrita</Link></li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-5 text-xs text-slate-400">
          © {new Date().getFullYear()} {content.name}. Todos os direitos reservados.
        </p>
      </div>
    </footer>
  );
}
