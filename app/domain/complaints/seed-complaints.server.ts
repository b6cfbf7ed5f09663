import { count, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { db } from "~/db/client.server";
import { complaintMessages, complaints, users } from "~/db/schema";
import { storeUpload } from "~/domain/files/file-store.server";
import { COMPLAINT_MESSAGES, EVIDENCE_KINDS, type ComplaintStatus } from "./complaint.schema";
import { EVIDENCE_FILE_NAME, EVIDENCE_PURPOSE } from "./create-complaint.server";
import { hashReceiptCode } from "./receipt.server";

/**
 * DEMO ONLY receipt codes (documented in docs/decisions/061): they let a
 * visitor of the demo try /denuncia/acompanhar. They exist only in the demo seed of an empty
 * embedded database, never in production data. The other demo complaints have no code.
 */
export const DEMO_RECEIPT_CODES = {
  epi: "1111222233334444",
  escala: "5555666677778888",
} as const;

type DemoComplaint = {
  title: string;
  companyName: string | null;
  location: string | null;
  description: string;
  status: ComplaintStatus;
  daysAgo: number;
  code?: keyof typeof DEMO_RECEIPT_CODES;
  evidence?: boolean;
  adminNotes?: string;
  reviewer?: string;
  thread?: Array<{ author: "reporter" | "staff"; visibility?: "public" | "internal"; staff?: string; body: string; daysAgo: number }>;
};

/** Fictitious workplaces ("Exemplo", "Fictício") — no real company is named. */
const DEMO_COMPLAINTS: DemoComplaint[] = [
  {
    title: "Falta de EPI no plantão noturno",
    companyName: "Shopping Exemplo Norte",
    location: "Brasília - DF, brigada do subsolo",
    description:
      "Há três semanas a equipe do plantão noturno trabalha sem luvas de proteção térmica e com apenas duas máscaras autônomas para seis bombeiros civis. A supervisão diz que o pedido de compra está atrasado.",
    status: "in_review",
    daysAgo: 12,
    code: "epi",
    evidence: true,
    adminNotes: "Jurídico verificando a NR-23 e o contrato da prestadora. Agendar visita surpresa.",
    reviewer: "juridico",
    thread: [
      { author: "staff", visibility: "public", staff: "juridico", body: "Recebemos sua denúncia e uma equipe vai verificar o local nas próximas semanas. Se tiver a data em que os equipamentos foram pedidos, envie por aqui.", daysAgo: 10 },
      { author: "reporter", body: "O pedido foi feito no dia 3 do mês passado, segundo o quadro de avisos da brigada.", daysAgo: 9 },
      { author: "staff", visibility: "internal", staff: "juridico", body: "Conferir com a empresa a nota fiscal dos EPIs. Não mencionar a data do quadro de avisos (poderia identificar o denunciante).", daysAgo: 9 },
    ],
  },
  {
    title: "Escala de 24 horas seguidas sem pausa para refeição",
    companyName: "Condomínio Residencial Fictício",
    location: "Águas Claras - DF",
    description:
      "A escala foi alterada para 24 horas seguidas e não há substituto para o intervalo de refeição. Quem sai para comer deixa o posto descoberto.",
    status: "pending",
    daysAgo: 2,
    code: "escala",
  },
  {
    title: "Extintores vencidos no galpão de eventos",
    companyName: "Centro de Eventos Exemplo",
    location: "Setor de Indústria e Abastecimento",
    description: "Pelo menos oito extintores do galpão 2 estão com a validade da recarga vencida desde o início do ano.",
    status: "resolved",
    daysAgo: 40,
    adminNotes: "Empresa apresentou as notas de recarga após a notificação do sindicato. Conferido em visita.",
    reviewer: "presidencia",
    thread: [
      { author: "staff", visibility: "public", staff: "presidencia", body: "A empresa foi notificada e apresentou a recarga de todos os extintores. Obrigado por avisar.", daysAgo: 20 },
    ],
  },
  {
    title: "Desconto indevido no contracheque",
    companyName: null,
    location: null,
    description: "Descontaram do salário o valor do uniforme, que deveria ser fornecido pela empresa.",
    status: "dismissed",
    daysAgo: 60,
    adminNotes: "Sem empresa nem local informados e sem forma de contato; arquivado até nova informação.",
    reviewer: "admin",
  },
  {
    title: "Brigada reduzida em dias de grande público",
    companyName: "Arena Multiuso Exemplo",
    location: "Eixo Monumental",
    description:
      "Em dias de show a empresa mantém a mesma quantidade de brigadistas de um dia comum, abaixo do que o plano de prevenção exige para o público esperado.",
    status: "in_review",
    daysAgo: 6,
    reviewer: "admin",
    adminNotes: "Solicitar o plano de prevenção aprovado e a escala dos últimos eventos.",
  },
];

/** A small illustrative picture, stored through the file store like any evidence. */
async function demoEvidence() {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="420"><rect width="640" height="420" fill="#e4eaf5"/><rect x="60" y="80" width="200" height="280" rx="16" fill="#a71b1b"/><rect x="110" y="40" width="100" height="50" rx="10" fill="#374670"/><rect x="330" y="120" width="240" height="200" rx="12" fill="#ffffff" stroke="#131a2e" stroke-width="6"/><line x1="360" y1="170" x2="540" y2="170" stroke="#131a2e" stroke-width="8"/><line x1="360" y1="220" x2="500" y2="220" stroke="#131a2e" stroke-width="8"/><line x1="360" y1="270" x2="520" y2="270" stroke="#131a2e" stroke-width="8"/></svg>`,
  );
  return sharp(svg).jpeg({ quality: 85 }).toBuffer();
}

export async function seedDemoComplaints() {
  const [{ n }] = await db().select({ n: count() }).from(complaints);
  if (n > 0) return;
  const staff = await db()
    .select({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .where(inArray(users.username, ["admin", "presidencia", "juridico"]));
  const byUsername = new Map(staff.map((s) => [s.username, s]));
  for (const c of DEMO_COMPLAINTS) {
    const receiptHash = c.code ? await hashReceiptCode(DEMO_RECEIPT_CODES[c.code]) : null;
    const created = sql`now() - make_interval(days => ${c.daysAgo})`;
    await db().transaction(async (tx) => {
      const file = c.evidence
        ? await storeUpload(
            { fieldName: "evidence", fileName: EVIDENCE_FILE_NAME, bytes: await demoEvidence() },
            { purpose: EVIDENCE_PURPOSE, allowed: EVIDENCE_KINDS, typeMessage: COMPLAINT_MESSAGES.typeNotAllowed },
            tx,
          )
        : null;
      const reviewer = c.reviewer ? byUsername.get(c.reviewer) : undefined;
      const [row] = await tx
        .insert(complaints)
        .values({
          title: c.title,
          companyName: c.companyName,
          location: c.location,
          description: c.description,
          status: c.status,
          adminNotes: c.adminNotes ?? null,
          reviewedBy: reviewer?.id ?? null,
          reviewedAt: reviewer ? sql`now() - make_interval(days => ${Math.max(0, c.daysAgo - 1)})` : null,
          evidenceFileId: file?.id ?? null,
          receiptHash,
          createdAt: created,
          updatedAt: created,
        })
        .returning({ id: complaints.id });
      for (const m of c.thread ?? []) {
        const author = m.staff ? byUsername.get(m.staff) : undefined;
        await tx.insert(complaintMessages).values({
          complaintId: row.id,
          author: m.author,
          staffUserId: author?.id ?? null,
          staffName: author?.name ?? null,
          visibility: m.visibility ?? "public",
          body: m.body,
          createdAt: sql`now() - make_interval(days => ${m.daysAgo})`,
        });
      }
      if (c.thread?.length) {
        await tx
          .update(complaints)
          .set({ updatedAt: sql`now() - make_interval(days => ${Math.min(...c.thread.map((m) => m.daysAgo))})` })
          .where(eq(complaints.id, row.id));
      }
    });
  }
}
