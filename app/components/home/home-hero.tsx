import { Link } from "react-router";
import { ArrowRight, Clock, MapPin, Phone } from "~/components/icons/public-icons";
import { telHref } from "~/domain/content/contact-links";
import { WhatsappGlyph } from "./brand-glyphs";
import { NewTabLink } from "~/components/ui/new-tab-link";
import { IconFact } from "~/components/icons/icon-tile";

/** The office facts on the dark card: a red tile, a white name. */
const FACT = {
  tile: "grid size-10 shrink-0 place-items-center rounded-xl bg-brand-700 text-white",
  titleClassName: "block font-semibold text-white",
};

/** The opening banner: who we are, the way in (/quem-somos) and the membership question on WhatsApp. */
export function HomeHero({
  name,
  address,
  addressDetail,
  hours,
  phone,
  membershipHref,
}: {
  name: string;
  address: string;
  addressDetail: string;
  hours: string;
  phone: string | undefined;
  membershipHref: string;
}) {
  return (
    <section className="relative isolate overflow-hidden bg-navy-950 text-white" aria-labelledby="inicio-titulo">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(55rem_32rem_at_85%_-10%,rgba(198,35,35,0.75),transparent_70%),radial-gradient(40rem_26rem_at_-5%_110%,rgba(245,158,11,0.28),transparent_70%)]"
      />
      <div
        aria-hidden
        className="absolute inset-0 -z-10 opacity-[0.07] [background-image:repeating-linear-gradient(135deg,#fff_0_2px,transparent_2px_22px)]"
      />
      <div className="container-page grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-[1.35fr_1fr] lg:py-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/20 bg-white/10 px-3 py-1 text-xs font-semibold uppercase tracking-widest text-flame-300">
            <span className="size-1.5 rounded-full bg-flame-400" aria-hidden /> Bombeiros civis do DF
          </p>
          <h1 id="inicio-titulo" className="mt-5 text-4xl font-black leading-[1.05] tracking-tight sm:text-5xl lg:text-[3.5rem]">
            {name}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-200 sm:text-xl">
            Unidos pela valorização, pela segurança e pelos direitos de quem protege vidas todos os dias.
          </p>
          <div className="mt-9 flex flex-wrap gap-3">
            <Link
              to="/quem-somos"
              className="inline-flex h-12 items-center gap-2 rounded-xl bg-white px-6 text-base font-semibold text-brand-800 shadow-lg shadow-black/20 transition hover:bg-brand-50"
            >
              Conheça o sindicato <ArrowRight className="size-5" aria-hidden />
            </Link>
            <NewTabLink
              note="(WhatsApp, abre em nova aba)"
              href={membershipHref}
              className="inline-flex h-12 items-center gap-2 rounded-xl border border-white/30 bg-white/10 px-6 text-base font-semibold text-white backdrop-blur transition hover:bg-white/20"
            >
              <WhatsappGlyph className="size-5" /> Quero me filiar
            </NewTabLink>
          </div>
        </div>
        <aside aria-label="Atendimento na sede" className="relative">
          <div
            aria-hidden
            className="absolute -inset-2 -z-10 rotate-2 rounded-3xl bg-gradient-to-br from-brand-600/45 to-flame-500/15 blur-md"
          />
          <div className="rounded-3xl border border-white/15 bg-navy-900/80 p-6 shadow-2xl backdrop-blur sm:p-8">
            <p className="text-sm font-semibold uppercase tracking-widest text-flame-300">Atendimento na sede</p>
            <ul className="mt-5 grid gap-5 text-sm">
              <IconFact {...FACT} icon={MapPin} title={addressDetail}>
                <span className="text-slate-300">{address}</span>
              </IconFact>
              <IconFact {...FACT} icon={Clock} title="Horário">
                <span className="text-slate-300">{hours}</span>
              </IconFact>
              {phone ? (
                <IconFact {...FACT} icon={Phone} title="Telefone">
                  <a href={telHref(phone)} className="text-slate-300 underline-offset-4 hover:text-white hover:underline">
                    {phone}
                  </a>
                </IconFact>
              ) : null}
            </ul>
            <Link
              to="/contato"
              className="mt-7 inline-flex w-full items-center justify-center gap-2 rounded-xl bg-brand-700 px-4 py-3 text-sm font-semibold text-white transition hover:bg-brand-600"
            >
              Fale com a gente <ArrowRight className="size-4" aria-hidden />
            </Link>
          </div>
        </aside>
      </div>
    </section>
  );
}
