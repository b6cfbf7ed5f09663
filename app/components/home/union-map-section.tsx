import { Link } from "react-router";
import { ArrowRight, Clock, ExternalLink, Mail, MapPin, Phone } from "~/components/icons/public-icons";
import { telHref } from "~/domain/content/contact-links";
import { LazyMap } from "~/components/map/lazy-map";
import type { MapTiles } from "~/components/map/map-types";
import { SectionHeading } from "./section-heading";
import { NewTabLink } from "~/components/ui/new-tab-link";

/**
 * 'Mapa do Sindicato': the headquarters at the content's zoom (16 by default, as the original),
 * scroll-wheel zoom off, a marker whose popup
 * shows the union's name, address and 'Sede Administrativa' with an 'Entre em contato' button.
 * The map (and Leaflet) load only when the section nears the viewport.
 */
export function UnionMapSection({
  name,
  address,
  addressDetail,
  hours,
  phones,
  email,
  center,
  zoom = 16,
  tiles,
}: {
  name: string;
  address: string;
  addressDetail: string;
  hours: string;
  phones: string[];
  email: string;
  center: { lat: number; lng: number };
  zoom?: number;
  tiles: MapTiles;
}) {
  const osm = `https://www.openstreetmap.org/?mlat=${center.lat}&mlon=${center.lng}#map=17/${center.lat}/${center.lng}`;
  return (
    <section aria-labelledby="mapa-titulo" className="bg-white py-16 sm:py-20" data-testid="map-section">
      <div className="container-page">
        <SectionHeading id="mapa-titulo" eyebrow="Onde estamos" title="Mapa do Sindicato" />
        <div className="mt-8 grid overflow-hidden rounded-3xl border border-slate-200 shadow-sm lg:grid-cols-[22rem_1fr]">
          <div className="flex flex-col gap-6 bg-gradient-to-b from-brand-800 to-brand-900 p-7 text-white">
            <div>
              <p className="text-xs font-semibold uppercase tracking-widest text-brand-100">{addressDetail}</p>
              <p className="mt-2 text-xl font-bold leading-snug">{name}</p>
            </div>
            <ul className="grid gap-4 text-sm">
              <li className="flex gap-3">
                <MapPin className="size-5 shrink-0 text-flame-300" aria-hidden />
                <span>{address}</span>
              </li>
              <li className="flex gap-3">
                <Clock className="size-5 shrink-0 text-flame-300" aria-hidden />
                <span>{hours}</span>
              </li>
              {phones.map((p) => (
                <li key={p} className="flex gap-3">
                  <Phone className="size-5 shrink-0 text-flame-300" aria-hidden />
                  <a href={telHref(p)} className="underline-offset-4 hover:underline">
                    {p}
                  </a>
                </li>
              ))}
              {email ? (
                <li className="flex gap-3">
                  <Mail className="size-5 shrink-0 text-flame-300" aria-hidden />
                  <a href={`mailto:${email}`} className="break-all underline-offset-4 hover:underline">
                    {email}
                  </a>
                </li>
              ) : null}
            </ul>
            <div className="mt-auto grid gap-3">
              <Link
                to="/contato"
                className="inline-flex items-center justify-center gap-2 rounded-xl bg-white px-4 py-3 text-sm font-semibold text-brand-800 transition hover:bg-brand-50"
              >
                Entre em contato <ArrowRight className="size-4" aria-hidden />
              </Link>
              <NewTabLink
                href={osm}
                className="inline-flex items-center justify-center gap-2 rounded-xl border border-white/30 px-4 py-3 text-sm font-semibold text-white transition hover:bg-white/10"
              >
                Abrir no OpenStreetMap <ExternalLink className="size-4" aria-hidden />
              </NewTabLink>
            </div>
          </div>
          <LazyMap
            className="h-[500px]"
            center={center}
            zoom={zoom}
            tiles={tiles}
            label="Mapa com a localização da sede do sindicato"
            marker={{
              title: `${name} - ${addressDetail}`,
              openPopup: true,
              popup: (
                <div className="grid gap-1 font-sans" data-testid="map-popup">
                  <strong className="text-sm text-navy-950">{name}</strong>
                  <span className="text-sm text-slate-700">{address}</span>
                  <span className="text-xs font-semibold uppercase tracking-wide text-brand-700">{addressDetail}</span>
                  <Link
                    to="/contato"
                    className="mt-2 inline-flex items-center justify-center rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold !text-white no-underline hover:bg-brand-800"
                  >
                    Entre em contato
                  </Link>
                </div>
              ),
            }}
          />
        </div>
      </div>
    </section>
  );
}
