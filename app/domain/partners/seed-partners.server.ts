import { count } from "drizzle-orm";
import sharp from "sharp";
import { db } from "~/db/client.server";
import { partners } from "~/db/schema";
import { DEFAULT_PARTNER_CATEGORY } from "./partner.schema";
import { storePartnerLogo } from "./store-partner-logo.server";

/**
 * The demo's three union-support partners (the original's 'Apoio Sindical' strip). The
 * specification names none, so these are neutral placeholders with generated logos (an icon on
 * a coloured tile, rendered by sharp, then stored through the one file store like any upload).
 */
const ICONS = {
  landmark:
    '<path d="M10 18v-7"/><path d="M11.119 2.205a2 2 0 0 1 1.762 0l7.84 3.846A.5.5 0 0 1 20.5 7h-17a.5.5 0 0 1-.22-.949z"/><path d="M14 18v-7"/><path d="M18 18v-7"/><path d="M3 22h18"/><path d="M6 18v-7"/>',
  shield:
    '<path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z"/><path d="m9 12 2 2 4-4"/>',
  handshake:
    '<path d="m11 17 2 2a1 1 0 1 0 3-3"/><path d="m14 14 2.5 2.5a1 1 0 1 0 3-3l-3.88-3.88a3 3 0 0 0-4.24 0l-.88.88a1 1 0 1 1-3-3l2.81-2.81a5.79 5.79 0 0 1 7.06-.87l.47.28a2 2 0 0 0 1.42.25L21 4"/><path d="m21 3 1 11h-2"/><path d="M3 3 2 14l6.5 6.5a1 1 0 1 0 3-3"/><path d="M3 4h8"/>',
} as const;

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

export async function renderDemoLogo(icon: keyof typeof ICONS, [from, to]: readonly [string, string]) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="480" height="480" rx="96" fill="url(#g)"/>
  <g transform="translate(120 120) scale(10)" fill="none" stroke="#fff" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">${ICONS[icon]}</g>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function seedDemoPartners() {
  const [{ n }] = await db().select({ n: count() }).from(partners);
  if (n > 0) return;
  await db().transaction(async (tx) => {
    for (const [i, p] of DEMO_PARTNERS.entries()) {
      const bytes = await renderDemoLogo(p.icon, p.colors);
      const logo = await storePartnerLogo({ fieldName: "logo", fileName: `logo-${p.icon}.png`, bytes }, null, tx);
      await tx.insert(partners).values({
        name: p.name,
        description: p.description,
        website: p.website,
        category: DEFAULT_PARTNER_CATEGORY,
        sortOrder: i + 1,
        active: true,
        logoFileId: logo.id,
      });
    }
  });
}
