import { eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { newsPosts, users } from "~/db/schema";
import { createNewsPost, renderNewsCover } from "~/db/factories/news";

const DAY = 24 * 60 * 60 * 1000;

/**
 * Four neutral demo posts about union life (no invented facts about any real body): two
 * published with covers, one draft, one scheduled a week ahead.
 */
export function demoNews(now: Date) {
  return [
    {
      slug: "como-se-filiar-ao-sindicato",
      title: "Como se filiar ao sindicato",
      summary: "Veja o passo a passo para se tornar associado, os documentos necessários e os canais para tirar dúvidas sobre a filiação.",
      body: `A filiação é o que dá força à categoria: quanto mais bombeiros civis associados, maior a representatividade nas negociações coletivas.

## Passo a passo

1. Separe um documento de identidade com foto, o CPF e um comprovante de residência.
2. Tenha em mãos os dados do seu vínculo de trabalho (empresa e posto).
3. Procure a sede ou fale com o sindicato pelos canais da página [Contato](/contato).
4. Preencha a ficha de filiação e confira seus dados antes de assinar.

## Dúvidas frequentes

- **Quem pode se filiar?** Bombeiros civis que trabalham na base territorial do sindicato.
- **Meus dados ficam protegidos?** Sim. Os dados dos associados são tratados conforme a LGPD; veja o [aviso de privacidade](/privacidade).

> Este é um texto de demonstração. Substitua-o pelas orientações oficiais do sindicato.`,
      status: "published" as const,
      publishedAt: new Date(now.getTime() - 12 * DAY),
      cover: { palette: { from: "#131a2e", to: "#8a1a1a", accent: "#fbbf24" }, variant: 0 },
    },
    {
      slug: "cuidados-com-equipamentos-de-protecao-individual",
      title: "Cuidados com os equipamentos de proteção individual",
      summary:
        "Orientações gerais para conferir, guardar e solicitar a troca dos EPIs, e o que fazer quando um equipamento não está em boas condições.",
      body: `Os equipamentos de proteção individual (EPIs) protegem quem protege vidas. Conferi-los a cada plantão é um hábito simples que evita acidentes.

## Antes de cada plantão

- Verifique se o equipamento está limpo, inteiro e dentro da validade.
- Observe costuras, fivelas, viseiras e o certificado de aprovação.
- Guarde os EPIs em local seco e longe do sol direto.

## Equipamento com defeito?

Comunique por escrito ao responsável pelo posto e guarde uma cópia. Se o problema continuar, o sindicato pode orientar você: use a página de [Contato](/contato) ou, se preferir não se identificar, a [denúncia anônima](/denuncia).

> Texto de demonstração com orientações gerais; não substitui as normas de segurança aplicáveis.`,
      status: "published" as const,
      publishedAt: new Date(now.getTime() - 4 * DAY),
      cover: { palette: { from: "#1e2742", to: "#a71b1b", accent: "#f59e0b" }, variant: 1 },
    },
    {
      slug: "onde-consultar-as-convencoes-coletivas",
      title: "Onde consultar as convenções coletivas",
      summary:
        "As convenções e os acordos coletivos vigentes estão disponíveis no site, com filtros por ano e situação e o documento completo em PDF.",
      body: `As convenções coletivas definem direitos como piso salarial, reajustes, jornada e benefícios. Conhecer o texto é o primeiro passo para cobrar o seu cumprimento.

## Como consultar

Acesse a página [Convenções Coletivas](/convencoes), filtre por ano ou situação e baixe o PDF do instrumento que se aplica à sua empresa.

## Encontrou algo em desacordo?

Fale com o sindicato pela página de [Contato](/contato).

> Texto de demonstração.`,
      status: "draft" as const,
      publishedAt: null,
      cover: null,
    },
    {
      slug: "plantao-de-atendimento-aos-associados",
      title: "Plantão de atendimento aos associados",
      summary:
        "O sindicato fará um plantão de atendimento para tirar dúvidas sobre filiação, convenções e direitos trabalhistas. Confira como participar.",
      body: `Durante o plantão, a equipe do sindicato estará disponível para atender os associados e tirar dúvidas.

## O que levar

- Documento de identidade.
- Contracheques ou documentos relacionados à sua dúvida, se houver.

> Texto de demonstração: esta notícia está agendada e só aparece no site na data marcada.`,
      status: "published" as const,
      publishedAt: new Date(now.getTime() + 7 * DAY),
      cover: { palette: { from: "#131a2e", to: "#3f5287", accent: "#c62323" }, variant: 2 },
    },
  ];
}

/** The demo posts; a slug already taken is left as it is. */
export async function seedDemoNews() {
  const [author] = await db().select({ id: users.id }).from(users).where(eq(users.username, "secretaria"));
  const posts = demoNews(new Date());
  const taken = new Set(
    (
      await db()
        .select({ slug: newsPosts.slug })
        .from(newsPosts)
        .where(
          inArray(
            newsPosts.slug,
            posts.map((p) => p.slug),
          ),
        )
    ).map((p) => p.slug),
  );
  for (const { cover, ...post } of posts) {
    if (taken.has(post.slug)) continue;
    await createNewsPost(db(), {
      ...post,
      authorId: author?.id ?? null,
      cover: cover ? { fileName: `capa-${post.slug}.jpg`, bytes: await renderNewsCover(cover.palette, cover.variant) } : null,
    });
  }
}
