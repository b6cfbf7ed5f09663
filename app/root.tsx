import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_DataRouterStateContext,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteError,
} from "react-router";
import * as React from "react";
import type { Route } from "./+types/root";
import "./app.css";
import { getSessionUser } from "~/auth/session.server";
import { clearFlashCookie, readFlash } from "~/utils/flash.server";
import { useNonce } from "~/utils/nonce";
import { Toaster } from "~/components/ui/toaster";
import { NotFoundContent } from "~/components/layout/not-found-content";
import { randomToken } from "~/utils/crypto.server";
import { appUrl } from "~/utils/env.server";

export async function loader({ request }: Route.LoaderArgs) {
  const [user, flash] = await Promise.all([getSessionUser(request), readFlash(request)]);
  return data(
    {
      user: user ? { name: user.name, role: user.role, username: user.username } : null,
      toast: flash ? { ...flash, id: randomToken(6) } : null,
      siteUrl: appUrl(),
    },
    flash ? { headers: { "Set-Cookie": clearFlashCookie() } } : undefined,
  );
}

/**
 * How the page hydrates: the deepest matched route with `handle.hydrate` decides ("lazy" for the
 * public layout, "now" for the sign-in forms); anything else hydrates at once. Read by
 * app/entry.client.tsx (docs/decisions/105-home-first-load-js-floor.md).
 */
function useHydration(): "lazy" | "now" {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = (matches[i].handle as { hydrate?: "lazy" | "now" } | undefined)?.hydrate;
    if (h) return h;
  }
  return "now";
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const hydration = useHydration();
  return (
    <html lang="pt-BR" data-hydrate={hydration}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#a71b1b" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Every route change scrolls to the top (ScrollRestoration keeps back/forward positions). */
function ScrollToTop() {
  const { pathname } = useLocation();
  const first = React.useRef(true);
  React.useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  // Hydration has committed: what the browser tests wait on (tests/support/browser.ts `hydrated`).
  React.useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  // The router state React has committed to the page. A router at rest may not have rendered yet
  // (React commits a navigation's page in a transition); the browser tests wait until this is the
  // router's own state object, instead of waiting for half a second of network silence.
  const committed = React.useContext(UNSAFE_DataRouterStateContext);
  React.useEffect(() => {
    (window as unknown as { __committedRouterState?: unknown }).__committedRouterState = committed;
  }, [committed]);
  return (
    <Toaster initial={toast}>
      <ScrollToTop />
      <Outlet />
    </Toaster>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="grid min-h-dvh place-items-center bg-slate-50 px-4">
      {notFound ? (
        <NotFoundContent />
      ) : (
        <div className="max-w-md text-center">
          <p className="text-6xl font-black text-brand-700">Erro</p>
          <h1 className="mt-4 text-2xl font-bold text-slate-900">Algo deu errado</h1>
          <p className="mt-2 text-slate-600">Tente novamente em instantes. Se o problema continuar, avise a equipe.</p>
          <Link to="/" className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-4">
            Voltar para o início
          </Link>
        </div>
      )}
    </main>
  );
}
