import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { samePageForAll } from "../../server/render-cache";

/**
 * What the render cache stores of a page (ADR 301): the nonce attributes gone and the CSP's nonce
 * replaced by each inline script's SHA-256, or nothing stored when that cannot be done safely.
 */
const PH = "rcnonce0123456789abcdef0123456789abcdef";
const NONCE = "AAAAAAAAAAAAAAAAAAAAAA==";
const CSP = `default-src 'self'; script-src 'self' 'nonce-${NONCE}' 'strict-dynamic'; object-src 'none'`;
const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
const page = (body: string) => Buffer.from(`<!DOCTYPE html><html><head></head><body>${body}</body></html>`);

describe("samePageForAll", () => {
  it("removes the nonce attributes and lists each distinct inline script by hash, 'strict-dynamic' kept", () => {
    const one = 'window.__a = "ã";';
    const two = 'import "/assets/entry.js";';
    const stored = samePageForAll(
      page(
        `<link rel="modulepreload" href="/assets/entry.js" nonce="${PH}"><script nonce="${PH}">${one}</script><script type="module" nonce="${PH}">${two}</script><script nonce="${PH}">${one}</script>`,
      ),
      PH,
      CSP,
      NONCE,
    )!;
    const html = stored.plain.toString();
    expect(html).not.toContain("nonce=");
    expect(html).toContain(`<script type="module">${two}</script>`);
    expect(stored.csp).toBe(`default-src 'self'; script-src 'self' ${sha(one)} ${sha(two)} 'strict-dynamic'; object-src 'none'`);
  });

  it("hashes only the scripts the app rendered with the nonce: a script injected through content stays refused", () => {
    const app = "window.__app = 1;";
    const injected = "alert(document.cookie)";
    const stored = samePageForAll(
      page(`<script nonce="${PH}">${app}</script><div><script>${injected}</script><script src="https://evil.example/x.js"></script></div>`),
      PH,
      CSP,
      NONCE,
    )!;
    expect(stored.csp).toContain(sha(app));
    expect(stored.csp).not.toContain(sha(injected));
    expect(stored.csp!.match(/'sha256-/g)).toHaveLength(1);
  });

  it("hashes a script's text as the HTML parser hands it to the browser: CR LF and CR become LF", () => {
    const stored = samePageForAll(page(`<script nonce="${PH}">a();\r\nb();\rc();</script>`), PH, CSP, NONCE)!;
    expect(stored.csp).toContain(sha("a();\nb();\nc();"));
  });

  it("a body without the placeholder (page data, a page without scripts) is kept as it is, under a fresh nonce per response", () => {
    const body = Buffer.from('[{"_1":2},"routes/convencoes"]');
    expect(samePageForAll(body, PH, CSP, NONCE)).toEqual({ plain: body, csp: null });
  });

  it("stores nothing when the nonce stands elsewhere, a script has a src, or the CSP does not carry the nonce exactly once", () => {
    expect(samePageForAll(page(`<script nonce="${PH}">x()</script><p>${PH}</p>`), PH, CSP, NONCE)).toBeNull();
    expect(samePageForAll(page(`<script nonce="${PH}">x("${PH}")</script>`), PH, CSP, NONCE)).toBeNull();
    expect(samePageForAll(page(`<script nonce="${PH}" src="/a.js"></script>`), PH, CSP, NONCE)).toBeNull();
    expect(samePageForAll(page(`<script nonce="${PH}">x()</script>`), PH, "script-src 'self'", NONCE)).toBeNull();
    expect(samePageForAll(page(`<script nonce="${PH}">x()</script>`), PH, `${CSP}; style-src 'nonce-${NONCE}'`, NONCE)).toBeNull();
    expect(samePageForAll(page(`<script nonce="${PH}">x()</script>`), PH, CSP, "")).toBeNull();
  });
});
