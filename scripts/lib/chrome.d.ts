/** How the benches and the browser tests start Chromium (headless, as root, no background networking). */
export const CHROME_FLAGS: string[];
/** The Chromium to start: `CHROME_PATH`, else the system's. */
export function chromePath(): string;
