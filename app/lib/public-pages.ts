/**
 * The public site's pages: each page's path and name written once, for the link lists that name
 * them (the footer, the 404 page, the maintenance page) and, where the page is worth indexing,
 * how the sitemap lists it (login, maintenance and the not-found page are noindex; the service
 * lookup answers only with a protocol). The header's menu has its own shorter names.
 */
type Sitemap = { changefreq: "daily" | "weekly" | "monthly" | "yearly"; priority: string };
type PublicPage = { to: string; label: string; sitemap?: Sitemap };

export const PUBLIC_PAGES = {
  home: { to: "/", label: "Página inicial", sitemap: { changefreq: "daily", priority: "1.0" } },
  about: { to: "/quem-somos", label: "Quem Somos", sitemap: { changefreq: "monthly", priority: "0.8" } },
  agreements: { to: "/convencoes", label: "Convenções coletivas", sitemap: { changefreq: "weekly", priority: "0.9" } },
  news: { to: "/noticias", label: "Notícias", sitemap: { changefreq: "daily", priority: "0.9" } },
  partners: { to: "/parceiros", label: "Parceiros", sitemap: { changefreq: "monthly", priority: "0.7" } },
  contact: { to: "/contato", label: "Fale Conosco", sitemap: { changefreq: "yearly", priority: "0.6" } },
  serviceLookup: { to: "/atendimento/consulta", label: "Consultar atendimento" },
  complaint: { to: "/denuncia", label: "Denúncia anônima", sitemap: { changefreq: "yearly", priority: "0.6" } },
  privacy: { to: "/privacidade", label: "Aviso de privacidade", sitemap: { changefreq: "yearly", priority: "0.3" } },
} as const satisfies Record<string, PublicPage>;
