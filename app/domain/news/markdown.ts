import MarkdownIt from "markdown-it";

/**
 * The one Markdown renderer for news bodies (ADR 020). Staff write Markdown; readers get HTML
 * that cannot run anything:
 * - raw HTML in the source is never passed through (`html: false`): `<script>`, `onerror=`…
 *   come out as visible, escaped text;
 * - links and images keep only http(s), mailto, tel and same-site URLs — `javascript:`,
 *   `data:`, `vbscript:`, `file:` and anything else become plain text;
 * - images only from this site (the public /imagens route); an outside image becomes a link,
 *   so no third-party request leaves a reader's browser;
 * - a level-1 heading becomes level 2, because the page's <h1> is the post title.
 * Pure and isomorphic: the article page renders on the server, the editor's preview in the
 * browser, with the same output.
 */
const md = new MarkdownIt("default", { html: false, linkify: true, typographer: true, breaks: false });

const SAFE_URL = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;
const LOCAL_URL = /^\/(?!\/)/;

md.validateLink = (url: string) => SAFE_URL.test(url.trim());

md.core.ruler.push("news_headings", (state) => {
  for (const token of state.tokens) {
    if (token.type === "heading_open" || token.type === "heading_close") {
      const level = Math.max(2, Number(token.tag.slice(1)));
      token.tag = `h${level}`;
    }
  }
});

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx].attrGet("href") ?? "");
  if (/^https?:\/\//i.test(href)) tokens[idx].attrSet("rel", "nofollow noopener noreferrer");
  return defaultLinkOpen(tokens, idx, options, env, self);
};

md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  const src = String(token.attrGet("src") ?? "");
  const alt = self.renderInlineAsText(token.children ?? [], options, env);
  const esc = md.utils.escapeHtml;
  if (LOCAL_URL.test(src)) {
    return `<img src="${esc(src)}" alt="${esc(alt)}" loading="lazy" decoding="async">`;
  }
  return `<a href="${esc(src)}" rel="nofollow noopener noreferrer">${esc(alt || src)}</a>`;
};

export function renderMarkdown(source: string): string {
  return md.render(source);
}
