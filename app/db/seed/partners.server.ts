import { db } from "~/db/client.server";
import { partners } from "~/db/schema";
import { createPartner, renderPartnerLogo } from "~/db/factories/partners";
import { hasRows } from "./has-rows.server";

/**
 * The demo's three union-support partners (the original's 'Apoio Sindical' strip). The
 * specification names none, so these are neutral placeholders with generated logos (an icon on
 * a coloured tile, rendered by sharp, then stored through the one file store like any upload).
 */
export const DEMO_PARTNERS = [
  {
    name: "Federação Parceira (exemplo)",
    description:
      "Entidade de apoio sindical que acompanha as negociações coletivas da categoria. Cadastro de demonstração: edite ou substitua em Parceiros, no painel.",
    website: "https://www.example.org/",
    icon: "landmark",
    colors: ["#1e2742", "#3f5287"],
  },
  {
    name: "Confederação Parceira (exemplo)",
    description:
      "Organização de apoio sindical voltada à formação e à defesa dos trabalhadores. Cadastro de demonstração: edite ou substitua em Parceiros, no painel.",
    website: "https://www.example.com/",
    icon: "shield",
    colors: ["#8a1a1a", "#c62323"],
  },
  {
    name: "Central Sindical Parceira (exemplo)",
    description:
      "Entidade que reúne sindicatos de diversas categorias e apoia campanhas comuns. Cadastro de demonstração: edite ou substitua em Parceiros, no painel.",
    website: "https://www.example.net/",
    icon: "handshake",
    colors: ["#b45309", "#f59e0b"],
  },
] as const;

export async function seedDemoPartners() {
  if (await hasRows(partners)) return;
  await db().transaction(async (tx) => {
    for (const [i, { icon, colors, ...p }] of DEMO_PARTNERS.entries()) {
      await createPartner(tx, {
        ...p,
        sortOrder: i + 1,
        logo: { fileName: `logo-${icon}.png`, bytes: await renderPartnerLogo(icon, colors) },
      });
    }
  });
}
