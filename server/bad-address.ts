import type { RequestHandler } from "express";

/**
 * Addresses no route can use, refused once before any route (docs/decisions/189-bad-query-strings-and-query-fuzz.md):
 * a path or query string with a NUL character (PostgreSQL stores no U+0000 in text, so a NUL
 * in a search field reached the database and answered 500), or a path whose percent-encoding is
 * not UTF-8 (`%E0%A4%A`, `%ZZ`, a bare `%`, an encoded lone surrogate), which the router cannot
 * decode into its parameters. A query string with such an encoding is read as every loader reads
 * it (`URLSearchParams`: a broken sequence becomes U+FFFD), so it passes. The answer is a 400 in
 * Portuguese: a small page, or plain text for the router's `.data` fetches.
 */

export const BAD_ADDRESS_MESSAGES = {
  title: "Endereço inválido",
  text: "O endereço tem caracteres que não podem ser usados (um caractere nulo ou uma codificação incorreta). Corrija o endereço ou volte à página anterior e tente novamente.",
} as const;

/** Why an address is refused, or null when it is usable. */
export function badAddress(url: string): "nul" | "encoding" | null {
  // Fast path: nothing encoded and no raw NUL, nothing to decode.
  if (!url.includes("%") && !url.includes("\u0000")) return null;
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(path);
  } catch {
    return "encoding";
  }
  if (decodedPath.includes("\u0000")) return "nul";
  if (q !== -1) {
    for (const [name, value] of new URLSearchParams(url.slice(q + 1))) {
      if (name.includes("\u0000") || value.includes("\u0000")) return "nul";
    }
  }
  return null;
}

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page() {
  const { title, text } = BAD_ADDRESS_MESSAGES;
  // The look of the root error boundary (app/root.tsx), without the app's stylesheet.
  return `<!DOCTYPE html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | Sindicato</title>
<style>body{margin:0;min-height:100dvh;display:grid;place-items:center;background:#f8fafc;font-family:system-ui,sans-serif;color:#0f172a}main{max-width:28rem;padding:1rem;text-align:center}.code{font-size:3.75rem;font-weight:900;color:#b91c1c;margin:0}h1{font-size:1.5rem;margin:1rem 0 0}p{color:#475569}a{color:#b91c1c;font-weight:600}</style>
</head>
<body>
<main>
<p class="code">400</p>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<p><a href="/">Voltar para o início</a></p>
</main>
</body>
</html>
`;
}

export function refuseBadAddresses(): RequestHandler {
  return (req, res, next) => {
    if (!badAddress(req.originalUrl)) return next();
    res.status(400).set("Cache-Control", "no-store");
    if (!req.path.endsWith(".data")) res.type("text/html; charset=utf-8").send(page());
    else res.type("text/plain; charset=utf-8").send(`${BAD_ADDRESS_MESSAGES.title}: ${BAD_ADDRESS_MESSAGES.text}`);
  };
}
