import { sharpOf } from "~/lib/sharp.server";
import { newsPosts } from "~/db/schema";
import { storeUpload } from "~/domain/files/file-store.server";
import { IMAGE_KINDS } from "~/domain/files/file-types";
import { COVER_PURPOSE, NEWS_MESSAGES } from "~/domain/news/news.schema";
import { slugify } from "~/domain/news/slug";
import { daysAgo, numbered, nextSequence, uniqueSuffix, type FactoryDb, type FileOption } from "./support";

export type NewsPostRow = typeof newsPosts.$inferSelect;
export type NewsPostOverrides = Partial<typeof newsPosts.$inferInsert> & {
  /** The cover image: none by default (see FileOption). */
  cover?: FileOption;
};

export type CoverPalette = { from: string; to: string; accent: string };
const PALETTES: CoverPalette[] = [
  { from: "#131a2e", to: "#8a1a1a", accent: "#fbbf24" },
  { from: "#1e2742", to: "#a71b1b", accent: "#f59e0b" },
  { from: "#131a2e", to: "#3f5287", accent: "#c62323" },
];

/** An abstract cover in the union's colours (no text, no photos of anyone), as a 1200×675 JPEG. */
export async function renderNewsCover(palette: CoverPalette = PALETTES[0], variant = 0) {
  const shapes = [
    `<circle cx="960" cy="140" r="260" fill="${palette.accent}" fill-opacity="0.35"/><circle cx="1080" cy="520" r="180" fill="#ffffff" fill-opacity="0.08"/>`,
    `<path d="M0 540 L420 260 L760 470 L1200 150 L1200 675 L0 675 Z" fill="${palette.accent}" fill-opacity="0.35"/><path d="M0 620 L500 420 L1200 560 L1200 675 L0 675 Z" fill="#ffffff" fill-opacity="0.10"/>`,
    `<g fill="none" stroke="#ffffff" stroke-opacity="0.14" stroke-width="28">${[0, 1, 2, 3, 4, 5]
      .map((i) => `<circle cx="1000" cy="600" r="${140 + i * 90}"/>`)
      .join("")}</g><circle cx="1000" cy="600" r="110" fill="${palette.accent}" fill-opacity="0.6"/>`,
    `<g fill="${palette.accent}" fill-opacity="0.30">${[0, 1, 2, 3, 4, 5, 6]
      .map((i) => `<rect x="${-200 + i * 220}" y="-100" width="90" height="900" transform="rotate(24 ${i * 220} 300)"/>`)
      .join("")}</g>`,
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
    <rect width="1200" height="675" fill="url(#g)"/>${shapes[variant % shapes.length]}</svg>`;
  return (await sharpOf(Buffer.from(svg))).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}

const TOPICS = [
  "Assembleia geral da categoria",
  "Campanha salarial: próximos passos",
  "Plantão jurídico para associados",
  "Reciclagem anual das brigadas",
  "Nova sede de atendimento",
  "Convênio de saúde para filiados",
  "Semana de prevenção de incêndios",
  "Resultado da negociação coletiva",
] as const;

/** A post published yesterday, with a unique slug from its title and a short Markdown body. */
export function buildNewsPost(overrides: Omit<NewsPostOverrides, "cover"> = {}) {
  const n = nextSequence("news");
  const title = overrides.title ?? numbered(TOPICS, n);
  return {
    title,
    slug: `${slugify(title)}-${uniqueSuffix(n)}`,
    summary: "Confira as informações para os associados e participe das atividades do sindicato.",
    body: "## O que muda\n\nTexto de teste com **destaque** e um link para as [convenções](/convencoes).\n\n- Primeiro item\n- Segundo item",
    status: "published",
    publishedAt: daysAgo(1),
    ...overrides,
  };
}

export async function createNewsPost(db: FactoryDb, overrides: NewsPostOverrides = {}): Promise<NewsPostRow> {
  const { cover = false, ...rest } = overrides;
  const values = buildNewsPost(rest);
  if (cover) {
    const upload = cover === true ? { fileName: `capa-${values.slug}.jpg`, bytes: await renderNewsCover() } : cover;
    const file = await storeUpload(
      { fieldName: "cover", ...upload },
      { purpose: COVER_PURPOSE, allowed: IMAGE_KINDS, typeMessage: NEWS_MESSAGES.coverType, createdBy: values.authorId ?? null },
      db,
    );
    values.coverFileId = file.id;
  }
  const [row] = await db.insert(newsPosts).values(values).returning();
  return row;
}
