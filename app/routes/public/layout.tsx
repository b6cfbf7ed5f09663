import { Outlet, useLoaderData, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { getInstitutionalContent } from "~/domain/content/get-content.server";
import { publicContent } from "~/domain/content/institutional";
import { PublicHeader } from "~/components/layout/public-header";
import { PublicFooter } from "~/components/layout/public-footer";
import { env } from "~/utils/env.server";
import type { loader as rootLoader } from "~/root";
import { SkipLink } from "~/components/layout/skip-link";

// Public pages hydrate lazily: at idle after load or at the first interaction (root.tsx,
// app/entry.client.tsx, docs/decisions/105-home-first-load-js-floor.md).
export const handle = { hydrate: "lazy" as const };

export async function loader(_: Route.LoaderArgs) {
  // Only what the header, the footer and the home/contact blocks show: not the about page's
  // long texts (history, mission, vision, values, board), which every page would carry.
  return { content: publicContent(await getInstitutionalContent()), sourceCodeUrl: env().SOURCE_CODE_URL ?? null };
}

export default function PublicLayout() {
  const { content, sourceCodeUrl } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink to="conteudo" />
      <PublicHeader shortName={content.shortName} user={root?.user ?? null} />
      <main id="conteudo" className="flex-1">
        <Outlet />
      </main>
      <PublicFooter content={content} sourceCodeUrl={sourceCodeUrl} />
    </div>
  );
}
