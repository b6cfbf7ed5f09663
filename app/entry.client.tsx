/**
 * The browser entry. Pages of the public layout hydrate lazily (docs/decisions/105-home-first-load-js-floor.md): their
 * server HTML works without JavaScript (plain links, forms that post, a <details> menu), so
 * React DOM's client (~63 kB gzip, the biggest part of the bundle) is fetched only when the
 * browser is idle after `load`, or at the first interaction, whichever comes first. Staff pages
 * and the sign-in and complaint forms (`data-hydrate="now"` on <html>, set by root.tsx) hydrate at
 * once, right after the first paint.
 */
import { startTransition, StrictMode } from "react";

/** React Router's default client entry, with React DOM and the router's DOM bindings imported late. */
async function hydrate() {
  const [{ hydrateRoot }, { HydratedRouter }] = await Promise.all([import("react-dom/client"), import("react-router/dom")]);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

if (document.documentElement.dataset.hydrate === "lazy") {
  let started = false;
  // Scrolling too: the map below the fold mounts once the page is hydrated.
  const interactions = ["pointerdown", "keydown", "touchstart", "focusin", "scroll"] as const;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of interactions) window.removeEventListener(type, start, true);
    void hydrate();
  };
  for (const type of interactions) window.addEventListener(type, start, { capture: true, passive: true });
  const whenIdle = () => {
    if ("requestIdleCallback" in window) window.requestIdleCallback(start, { timeout: 3000 });
    else setTimeout(start, 1500);
  };
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
} else {
  // Staff pages, sign-in and complaint forms hydrate at once, but after the first paint: React
  // DOM (~60 kB) is not fetched while the page's HTML and style sheet are still arriving, which
  // on a phone's mobile data is what the first paint waits for (ADR 284). A hidden tab paints no
  // frame: the timer starts it there.
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void hydrate();
  };
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 250);
}
