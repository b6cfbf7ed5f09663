import { sharpOf } from "~/lib/sharp.server";
import { partners } from "~/db/schema";
import { DEFAULT_PARTNER_CATEGORY } from "~/domain/partners/partner.schema";
import { storePartnerLogo } from "~/domain/partners/store-partner-logo.server";
import { nextSequence, numbered, type FactoryDb, type FileOption } from "./support";

export type PartnerRow = typeof partners.$inferSelect;
export type PartnerOverrides = Partial<typeof partners.$inferInsert> & {
  /** The logo: none by default (see FileOption). */
  logo?: FileOption;
};

/** Lucide icon paths (ISC licence) drawn on the generated logos. */
export const LOGO_ICONS = {
  landmark:
    '<path d="M10 18v-7"/><path d="M11.119 2.205a2 2 0 0 1 1.762 0l7.84 3.846A.5.5 0 0 1 20.5 7h-17a.5.5 0 0 1-.22-.949z"/><path d="M14 18v-7"/><path d="M18 18v-7"/><path d="M3 22h18"/><path d="M6 18v-7"/>',
  shield:
    '<path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z"/><path d="m9 12 2 2 4-4"/>',
  handshake:
    '<path d="m11 17 2 2a1 1 0 1 0 3-3"/><path d="m14 14 2.5 2.5a1 1 0 1 0 3-3l-3.88-3.88a3 3 0 0 0-4.24 0l-.88.88a1 1 0 1 1-3-3l2.81-2.81a5.79 5.79 0 0 1 7.06-.87l.47.28a2 2 0 0 0 1.42.25L21 4"/><path d="m21 3 1 11h-2"/><path d="M3 3 2 14l6.5 6.5a1 1 0 1 0 3-3"/><path d="M3 4h8"/>',
} as const;
export type LogoIcon = keyof typeof LOGO_ICONS;

/** A logo: an icon on a coloured tile, rendered by sharp as a 480×480 PNG. */
export async function renderPartnerLogo(icon: LogoIcon = "handshake", [from, to]: readonly [string, string] = ["#1e2742", "#3f5287"]) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="480" height="480" rx="96" fill="url(#g)"/>
  <g transform="translate(120 120) scale(10)" fill="none" stroke="#fff" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">${LOGO_ICONS[icon]}</g>
</svg>`;
  return (await sharpOf(Buffer.from(svg))).png().toBuffer();
}

const NAMES = [
  "Clínica Parceira Saúde Total",
  "Academia Parceira Corpo em Forma",
  "Escola de Idiomas Parceira",
  "Farmácia Parceira Bem-Estar",
  "Ótica Parceira Visão Clara",
  "Odontologia Parceira Sorriso",
  "Faculdade Parceira do Planalto",
  "Auto Escola Parceira Rota Segura",
] as const;

/** An active partner in the default category ('Apoio Sindical'), with an https site. */
export function buildPartner(overrides: Omit<PartnerOverrides, "logo"> = {}) {
  const n = nextSequence("partner");
  return {
    name: numbered(NAMES, n),
    description: "Descontos e condições especiais para associados em dia com o sindicato.",
    website: `https://parceiro-${n}.example.com/`,
    category: DEFAULT_PARTNER_CATEGORY,
    sortOrder: n,
    active: true,
    ...overrides,
  };
}

export async function createPartner(db: FactoryDb, overrides: PartnerOverrides = {}): Promise<PartnerRow> {
  const { logo = false, ...rest } = overrides;
  const values = buildPartner(rest);
  if (logo) {
    const upload = logo === true ? { fileName: "logo.png", bytes: await renderPartnerLogo() } : logo;
    const file = await storePartnerLogo({ fieldName: "logo", ...upload }, null, db);
    values.logoFileId = file.id;
  }
  const [row] = await db.insert(partners).values(values).returning();
  return row;
}
