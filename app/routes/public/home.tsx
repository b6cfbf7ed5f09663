import { useLoaderData, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import type { loader as layoutLoader } from "./layout";
import { seoMeta } from "~/utils/seo";
import { whatsappLink } from "~/domain/content/contact-links";
import { listLatestPublishedNews } from "~/domain/news/list-published-news.server";
import { listActivePartners } from "~/domain/partners/list-active-partners.server";
import { listInstagramFeed } from "~/domain/instagram/list-instagram-posts.server";
import { withCutCaptions } from "~/domain/instagram/instagram";
import { mapTileSettings } from "~/integrations/map-tiles.server";
import { errorFields, log } from "~/utils/logger.server";
import { HomeHero } from "~/components/home/home-hero";
import { ServiceCards } from "~/components/home/service-cards";
import { LatestNews } from "~/components/home/latest-news";
import { InstagramBlock } from "~/components/home/instagram-block";
import { PartnersStrip } from "~/components/home/partners-strip";
import { UnionMapSection } from "~/components/home/union-map-section";

const MEMBERSHIP_MESSAGE = "Olá! Gostaria de saber como me filiar ao sindicato.";

export const meta: Route.MetaFunction = seoMeta({
  title: "Sindicato dos Bombeiros Civis do DF",
  description: "Sindicato dos bombeiros civis do Distrito Federal: convenções coletivas, notícias, filiação, contato e denúncia anônima.",
  path: "/",
});

/** A block that fails to load shows as empty rather than taking the whole home page down. */
async function orEmpty<T>(what: string, p: Promise<T[]>): Promise<T[]> {
  try {
    return await p;
  } catch (error) {
    log.error(`home: ${what} indisponível`, errorFields(error));
    return [];
  }
}

export async function loader(_: Route.LoaderArgs) {
  const [news, partners] = await Promise.all([orEmpty("notícias", listLatestPublishedNews(3)), orEmpty("parceiros", listActivePartners())]);
  return {
    news,
    partners,
    // Streamed: the page's shell does not wait for it (the block shows its loading state).
    instagram: listInstagramFeed().then(withCutCaptions),
    tiles: mapTileSettings(),
  };
}

export default function Home() {
  const { news, partners, instagram, tiles } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/public/layout");
  // The public layout's loader always runs before this page renders (no client-side defaults).
  if (!layout) throw new Error("home: dados do layout público ausentes");
  const { content } = layout;
  const membershipHref = whatsappLink(content.whatsapp, MEMBERSHIP_MESSAGE);
  return (
    <>
      <HomeHero
        name={content.name}
        address={content.address}
        addressDetail={content.addressDetail}
        hours={content.hours}
        phone={content.phones[0]}
        membershipHref={membershipHref}
      />
      <ServiceCards membershipHref={membershipHref} />
      <LatestNews news={news} />
      <InstagramBlock feed={instagram} profileUrl={content.social.instagram} />
      <PartnersStrip partners={partners} />
      <UnionMapSection
        name={content.name}
        address={content.address}
        addressDetail={content.addressDetail}
        hours={content.hours}
        phones={content.phones}
        email={content.email}
        center={{ lat: content.map.lat, lng: content.map.lng }}
        zoom={content.map.zoom || 16}
        tiles={tiles}
      />
    </>
  );
}
