import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/**
 * Every URL of the site, in one place. Dashboard paths must also be in the role table
 * (app/auth/permissions.ts); a test fails otherwise.
 */
export default [
  route("logout", "routes/auth/logout.tsx"),
  route("sitemap.xml", "routes/public/sitemap.ts"),
  route("robots.txt", "routes/public/robots.ts"),
  route("api/instagram-posts", "routes/api/instagram-posts.ts"),
  route("convencoes/:id/pdf", "routes/public/agreements-pdf.tsx"),

  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("login", "routes/auth/login.tsx"),
    route("esqueci-senha", "routes/auth/forgot-password.tsx"),
    route("redefinir-senha/:token", "routes/auth/reset-password.tsx"),
    route("manutencao", "routes/public/maintenance.tsx"),
    route("convencoes", "routes/public/agreements.tsx"),
    route("contato", "routes/public/contact.tsx"),
    route("quem-somos", "routes/public/about.tsx"),
    route("parceiros", "routes/public/partners.tsx"),
    route("privacidade", "routes/public/privacy.tsx"),
    route("noticias", "routes/public/news.tsx"),
    // The feed before the article route, so "rss.xml" is never read as a slug.
    route("noticias/rss.xml", "routes/public/news-rss.tsx"),
    route("noticias/:slug", "routes/public/news-post.tsx"),
    route("imagens/:id", "routes/public/image.tsx"),
    route("denuncia", "routes/public/complaint.tsx"),
    route("denuncia/acompanhar", "routes/public/complaint-follow-up.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),

  ...prefix("dashboard", [
    layout("routes/dashboard/layout.tsx", [
      index("routes/dashboard/index.tsx"),
      route("alterar-senha", "routes/dashboard/change-password.tsx"),
      route("admin/users", "routes/dashboard/users.tsx", { id: "users-admin" }),
      route("users", "routes/dashboard/users.tsx", { id: "users" }),
      route("admin/agreements", "routes/dashboard/agreements.tsx", { id: "agreements-admin" }),
      route("juridico/agreements", "routes/dashboard/agreements.tsx", { id: "agreements-juridico" }),
      route("contatos", "routes/dashboard/contacts.tsx", { id: "contacts" }),
      route("contatos/:setor", "routes/dashboard/contacts.tsx", { id: "contacts-sector" }),
      route("secretaria/casos", "routes/dashboard/cases.tsx"),
      route("noticias", "routes/dashboard/news.tsx"),
      route("parceiros", "routes/dashboard/partners.tsx"),
      route("conteudo", "routes/dashboard/content.tsx"),
      route("denuncias", "routes/dashboard/complaints.tsx"),
      route(":role", "routes/dashboard/panel.tsx"),
    ]),
    route("denuncias/arquivos/:evidenceId", "routes/dashboard/complaints-file.tsx"),
  ]),
] satisfies RouteConfig;
