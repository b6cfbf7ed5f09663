import { inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { complaints, users } from "~/db/schema";
import { createComplaint } from "~/db/factories/complaints";
import { daysAgo } from "~/db/factories/support";
import type { ComplaintStatus } from "~/domain/complaints/complaint.schema";
import { hashReceiptCode } from "~/domain/complaints/receipt.server";
import { hasRows } from "./has-rows.server";

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
      {
        author: "staff",
        visibility: "public",
        staff: "juridico",
        body: "Recebemos sua denúncia e uma equipe vai verificar o local nas próximas semanas. Se tiver a data em que os equipamentos foram pedidos, envie por aqui.",
        daysAgo: 10,
      },
      { author: "reporter", body: "O pedido foi feito no dia 3 do mês passado, segundo o quadro de avisos da brigada.", daysAgo: 9 },
      {
        author: "staff",
        visibility: "internal",
        staff: "juridico",
        body: "Conferir com a empresa a nota fiscal dos EPIs. Não mencionar a data do quadro de avisos (poderia identificar o denunciante).",
        daysAgo: 9,
      },
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
      {
        author: "staff",
        visibility: "public",
        staff: "presidencia",
        body: "A empresa foi notificada e apresentou a recarga de todos os extintores. Obrigado por avisar.",
        daysAgo: 20,
      },
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

/** The demo complaints with their threads (two followable with the demo codes); nothing when complaints exist. */
export async function seedDemoComplaints() {
  if (await hasRows(complaints)) return;
  const staff = await db()
    .select({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .where(inArray(users.username, ["admin", "presidencia", "juridico"]));
  const byUsername = new Map(staff.map((s) => [s.username, s]));
  for (const { code, evidence, reviewer: reviewerName, thread = [], daysAgo: days, ...c } of DEMO_COMPLAINTS) {
    const receiptHash = code ? await hashReceiptCode(DEMO_RECEIPT_CODES[code]) : null;
    const reviewer = reviewerName ? byUsername.get(reviewerName) : undefined;
    const lastActivity = Math.min(days, ...thread.map((m) => m.daysAgo));
    await db().transaction(async (tx) => {
      await createComplaint(tx, {
        ...c,
        adminNotes: c.adminNotes ?? null,
        reviewedBy: reviewer?.id ?? null,
        reviewedAt: reviewer ? daysAgo(Math.max(0, days - 1)) : null,
        evidence: evidence ?? false,
        receiptHash,
        createdAt: daysAgo(days),
        updatedAt: daysAgo(lastActivity),
        thread: thread.map(({ staff: staffName, daysAgo: at, ...m }) => {
          const author = staffName ? byUsername.get(staffName) : undefined;
          return { ...m, staffUserId: author?.id ?? null, staffName: author?.name ?? null, createdAt: daysAgo(at) };
        }),
      });
    });
  }
}
