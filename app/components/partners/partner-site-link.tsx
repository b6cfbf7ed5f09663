import type { ReactNode } from "react";
import type { PublicPartner } from "~/domain/partners/partner-row";
import { NewTabLink } from "~/components/ui/new-tab-link";

/**
 * A partner's website, when it has one: "Visitar site" (then `children`, an icon), which screen
 * readers hear with the partner's name and that it opens a new tab.
 */
export function PartnerSiteLink({
  partner,
  className,
  children,
}: {
  partner: Pick<PublicPartner, "name" | "website">;
  className: string;
  children?: ReactNode;
}) {
  if (!partner.website) return null;
  return (
    <NewTabLink href={partner.website} note={` de ${partner.name} (abre em nova aba)`} className={className}>
      Visitar site
      {children}
    </NewTabLink>
  );
}
