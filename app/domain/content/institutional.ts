/**
 * Institutional content (brief item 14). Staff edit it at /dashboard/conteudo; these defaults
 * are the original's texts and neutral placeholders (never invented facts about a real body).
 */
export type BoardMember = { role: string; name: string };

export type InstitutionalContent = {
  name: string;
  shortName: string;
  description: string;
  address: string;
  addressDetail: string;
  phones: string[];
  email: string;
  hours: string;
  whatsapp: string;
  social: { instagram: string; facebook: string; youtube: string };
  map: { lat: number; lng: number; zoom: number };
  board: BoardMember[];
  history: string;
  mission: string;
  vision: string;
  values: string[];
};

/** What the public layout sends to every page: header, footer and the home/contact blocks. */
export type PublicInstitutionalContent = Omit<InstitutionalContent, "board" | "history" | "mission" | "vision" | "values">;

/** The public layout's share of the content (the about page loads the rest itself). */
export function publicContent(content: InstitutionalContent): PublicInstitutionalContent {
  const { board: _board, history: _history, mission: _mission, vision: _vision, values: _values, ...rest } = content;
  return rest;
}

export const DEFAULT_CONTENT: InstitutionalContent = {
  name: "Sindicato dos Bombeiros Civis do Distrito Federal",
  shortName: "Sindicato dos Bombeiros Civis - DF",
  description:
    "Entidade sindical que representa, defende e valoriza os bombeiros civis do Distrito Federal, lutando por condições dignas de trabalho, salários justos e segurança para toda a categoria.",
  address: "Setor Comercial Sul, Brasília - DF",
  addressDetail: "Sede Administrativa",
  phones: ["(61) 3000-0000"],
  email: "contato@sindicato.exemplo",
  hours: "Segunda a sexta, das 9h às 17h",
  whatsapp: "5561990000000",
  social: { instagram: "", facebook: "", youtube: "" },
  map: { lat: -15.7975, lng: -47.8919, zoom: 16 },
  board: [
    { role: "Presidente", name: "A definir" },
    { role: "Vice-Presidente", name: "A definir" },
    { role: "Diretor Financeiro", name: "A definir" },
    { role: "Secretário Geral", name: "A definir" },
  ],
  history:
    "O sindicato nasceu da mobilização dos bombeiros civis do Distrito Federal, que se organizaram para ter voz coletiva na defesa de seus direitos. Desde então, atua na negociação de convenções coletivas, na fiscalização das condições de trabalho e no apoio jurídico e social à categoria.",
  mission:
    "Defender os direitos e interesses dos bombeiros civis do Distrito Federal, promovendo condições dignas de trabalho, valorização profissional e segurança.",
  vision:
    "Ser referência na representação sindical dos bombeiros civis, reconhecida pela transparência, pela proximidade com a categoria e pelos resultados conquistados.",
  values: ["Transparência na gestão", "Ética nas relações", "Comprometimento", "Responsabilidade social", "Valorização profissional"],
};

/**
 * The placeholders of earlier versions: numbers that no phone validator accepts, so the first
 * save of the content screen failed on fields staff had not touched. Read as today's.
 */
export const LEGACY_PLACEHOLDERS = { phone: "(61) 0000-0000", whatsapp: "5561000000000" } as const;

/**
 * Contact fields still holding the seed's neutral placeholders: valid-looking but made-up
 * numbers (all zeros after the prefix), so the form saves as it is, and the content screen
 * marks them as examples until staff replace them.
 */
export function placeholderFields(content: InstitutionalContent): string[] {
  const out: string[] = [];
  if (content.phones.some((p) => DEFAULT_CONTENT.phones.includes(p))) out.push("telefones");
  if (content.whatsapp === DEFAULT_CONTENT.whatsapp) out.push("WhatsApp");
  if (content.email === DEFAULT_CONTENT.email) out.push("e-mail");
  if (content.board.some((m) => m.name === "A definir")) out.push("diretoria");
  return out;
}

/** The WhatsApp number (digits, country code first) as people read it: +55 (61) 99000-0000. */
export function formatWhatsapp(digits: string) {
  const d = digits.replace(/\D/g, "");
  const m = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(d);
  return m ? `+55 (${m[1]}) ${m[2]}-${m[3]}` : d;
}

// Re-exported for existing importers; public components import them from "./contact-links" so
// the defaults above (long texts) are not shipped to every public page.
export { telHref, whatsappLink } from "./contact-links";
