import { ExternalLink } from "~/components/icons/sprite";
import { PartnerLogo } from "./partner-logo";
import type { PublicPartner } from "~/domain/partners/partner-row";
import { PartnerSiteLink } from "./partner-site-link";

export type PartnerCardData = Omit<PublicPartner, "category">;

/** One partner on the public page: logo, name, description and website link. */
export function PartnerCard({ partner }: { partner: PartnerCardData }) {
  return (
    <li className="group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <div className="flex h-40 items-center justify-center bg-gradient-to-br from-slate-50 to-slate-100 p-6">
        <PartnerLogo name={partner.name} logoUrl={partner.logoUrl} className="size-24 text-2xl" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-6">
        <h3 className="text-lg font-bold leading-snug text-navy-950">{partner.name}</h3>
        <p className="flex-1 text-sm leading-relaxed text-slate-700">{partner.description}</p>
        <PartnerSiteLink
          partner={partner}
          className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
        >
          <ExternalLink aria-hidden className="size-4" />
        </PartnerSiteLink>
      </div>
    </li>
  );
}
