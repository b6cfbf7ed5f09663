import { createHash } from "node:crypto";

/**
 * The entities React writes in markup, decoded, so that tests can look for the text a person reads
 * (quotes, apostrophes, `<`, `>` and `&`). `&amp;` is decoded last, so `&amp;lt;` stays `&lt;`.
 */
export function decodeHtml(html: string) {
  return html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/**
 * The text a person reads on a page: without the scripts (the hydration data) and the tags, the
 * entities decoded, white space folded.
 */
export function visibleText(html: string) {
  return decodeHtml(html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");
}

/**
 * Every `<script>` of a page as its Content-Security-Policy lets it run: each one inline (no
 * `src`), and each allowed either by the CSP's nonce (a per-response page) or by the SHA-256 of
 * its text listed in the CSP (a cached public page, the same for everyone: ADR 301). Returns how
 * each was allowed, for the caller to assert which kind the page is.
 */
export function scriptsAllowedByCsp(html: string, csp: string): ("nonce" | "hash")[] {
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)];
  if (scripts.length === 0) throw new Error("a página não tem nenhum <script>");
  return scripts.map(([tag, attributes, text]) => {
    if (/\ssrc\s*=/i.test(attributes)) throw new Error(`<script src> na página: ${tag.slice(0, 120)}`);
    if (nonce && attributes.includes(`nonce="${nonce}"`)) return "nonce";
    const hash = createHash("sha256").update(text.replace(/\r\n?/g, "\n"), "utf8").digest("base64");
    if (csp.includes(`'sha256-${hash}'`)) return "hash";
    throw new Error(`<script> sem nonce nem hash na CSP: ${tag.slice(0, 120)}`);
  });
}
