/**
 * How the benches and the browser tests start Chromium: this machine's Chromium runs as root,
 * headless, with no background networking (the closed network refuses it).
 */
export const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The Chromium to start: `CHROME_PATH`, else the system's. */
export function chromePath() {
  return process.env.CHROME_PATH ?? "/usr/bin/chromium";
}
