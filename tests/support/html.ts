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
