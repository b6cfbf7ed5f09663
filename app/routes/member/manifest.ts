/**
 * The web app manifest of the member's card (issue 23 §5): "Adicionar à tela inicial" opens the
 * card itself, in its own window.
 */
export function loader() {
  const manifest = {
    name: "Carteirinha do Filiado - Sindicato dos Bombeiros Civis do DF",
    short_name: "Carteirinha",
    lang: "pt-BR",
    start_url: "/filiado/carteirinha",
    scope: "/filiado/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#0b1f3a",
    icons: [
      { src: "/icons/filiado-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/filiado-512.png", sizes: "512x512", type: "image/png" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
