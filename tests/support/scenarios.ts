import type { FactoryDb } from "~/db/factories/support";
import { createAgreement } from "~/db/factories/agreements";
import { createNewsPost } from "~/db/factories/news";
import { createPartner } from "~/db/factories/partners";
import { daysAgo } from "~/db/factories/support";
import { todayInBrasilia } from "~/lib/dates";

/**
 * Small sets of rows several test files need, made with the factories. A test that needs one
 * particular row creates it itself; these are for pages that show "a realistic mix".
 */

/**
 * Six agreements around the current year (Brasília): two in force, two expired (in two
 * earlier years), one internal and one draft, each with its PDF.
 */
export async function createAgreementMix(db: FactoryDb, createdBy: string | null = null) {
  const year = Number(todayInBrasilia().slice(0, 4));
  const rows = [
    {
      title: `Convenção Coletiva de Trabalho ${year}/${year + 1}`,
      company: "Sindicato Patronal das Empresas de Segurança (exemplo)",
      validFrom: `${year}-01-01`,
      validTo: `${year}-12-31`,
    },
    {
      title: `Acordo Coletivo ${year - 1}/${year + 1} – Brigadas de Shopping Centers`,
      company: "Empresa Exemplo de Brigadas Ltda.",
      description: "Escala de revezamento, fornecimento de EPI e reciclagem anual para as equipes de brigada.",
      validFrom: `${year - 1}-05-01`,
      validTo: `${year + 1}-04-30`,
    },
    {
      title: `Convenção Coletiva de Trabalho ${year - 1}/${year}`,
      company: "Sindicato Patronal das Empresas de Segurança (exemplo)",
      validFrom: `${year - 1}-01-01`,
      validTo: `${year - 1}-12-31`,
    },
    {
      title: `Acordo Coletivo ${year - 2} – Hospitais e Clínicas`,
      company: "Associação Exemplo de Serviços Hospitalares",
      validFrom: `${year - 2}-03-01`,
      validTo: `${year - 1}-02-28`,
    },
    {
      title: `Termo Aditivo ${year} – Banco de Horas`,
      company: "Empresa Exemplo de Brigadas Ltda.",
      validFrom: `${year}-02-01`,
      validTo: `${year + 1}-01-31`,
      isPublic: false,
    },
    {
      title: `Minuta da Convenção Coletiva ${year + 1}/${year + 2}`,
      company: "Sindicato Patronal das Empresas de Segurança (exemplo)",
      validFrom: `${year + 1}-01-01`,
      validTo: `${year + 1}-12-31`,
      status: "draft",
    },
  ];
  const created = [];
  for (const row of rows) created.push(await createAgreement(db, { ...row, createdBy }));
  return created;
}

/** News in every state the staff list shows: published with a cover, scheduled, draft. */
export async function createNewsMix(db: FactoryDb, authorId: string | null = null) {
  return {
    published: await createNewsPost(db, { title: "Como se filiar ao sindicato", publishedAt: daysAgo(12), cover: true, authorId }),
    scheduled: await createNewsPost(db, {
      title: "Plantão de atendimento aos associados",
      publishedAt: daysAgo(-7),
      cover: true,
      authorId,
    }),
    draft: await createNewsPost(db, { title: "Onde consultar as convenções coletivas", status: "draft", publishedAt: null, authorId }),
  };
}

/** Three active partners with logos in the default category ('Apoio Sindical'). */
export async function createPartnerSet(db: FactoryDb) {
  const partners = [];
  for (let i = 0; i < 3; i++) partners.push(await createPartner(db, { logo: true }));
  return partners;
}
