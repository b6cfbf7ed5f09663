import { Handshake } from "~/components/icons/public-icons";
import type { PublicPartner } from "~/domain/partners/partner-row";
import { SectionHeading } from "./section-heading";
import { PartnerSiteLink } from "~/components/partners/partner-site-link";

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter((w) => w.length > 2)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}

/** The partners strip: who stands with the union (records managed at /dashboard/parceiros). */
export function PartnersStrip({ partners }: { partners: PublicPartner[] }) {
  return (
    <section aria-labelledby="parceiros-titulo" className="bg-navy-950 py-16 text-white sm:py-20" data-testid="partners-strip">
      <div className="container-page">
        <SectionHeading
          id="parceiros-titulo"
          eyebrow="Parceiros"
          title="Quem caminha com a categoria"
          to="/parceiros"
          more="Conheça todos os parceiros"
          dark
        />
        {partners.length === 0 ? (
          <p className="mt-8 flex items-center gap-3 text-slate-300">
            <Handshake className="size-6 text-flame-400" aria-hidden /> Em breve, novos parceiros.
          </p>
        ) : (
          <ul className="mt-8 grid gap-5 md:grid-cols-3">
            {partners.slice(0, 6).map((p) => (
              <li
                key={p.id}
                className="flex flex-col rounded-2xl border border-white/10 bg-white/5 p-6 transition hover:border-white/25 hover:bg-white/10"
              >
                <div className="flex items-center gap-4">
                  {p.logoUrl ? (
                    <img
                      src={p.logoUrl}
                      alt=""
                      width={56}
                      height={56}
                      loading="lazy"
                      decoding="async"
                      className="size-14 shrink-0 rounded-xl bg-white object-contain p-1.5"
                    />
                  ) : (
                    <span
                      aria-hidden
                      className="grid size-14 shrink-0 place-items-center rounded-xl bg-gradient-to-br from-brand-600 to-brand-800 text-lg font-black"
                    >
                      {initials(p.name) || "•"}
                    </span>
                  )}
                  <div className="min-w-0">
                    <h3 className="font-bold leading-snug">{p.name}</h3>
                    <p className="mt-1 text-xs font-semibold uppercase tracking-wide text-flame-300">{p.category}</p>
                  </div>
                </div>
                <p className="mt-4 line-clamp-3 flex-1 text-sm leading-relaxed text-slate-300">{p.description}</p>
                <PartnerSiteLink
                  partner={p}
                  className="mt-4 inline-flex items-center gap-1 self-start text-sm font-semibold text-white underline underline-offset-4 hover:text-flame-300"
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
