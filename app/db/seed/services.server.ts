import { eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { members, serviceRecordEntries, serviceRecords, users } from "~/db/schema";
import { createServiceRecordRow } from "~/db/factories/services";
import { memberName } from "~/db/factories/members";
import { DEMO_MEMBER } from "~/db/seed/members.server";
import { protocolAt } from "~/domain/service-records/protocol.server";
import { PRIORITIES, SERVICE_TYPES, type ServiceStatus } from "~/domain/service-records/service-options";
import { SERVICE_SECTORS } from "~/auth/scopes";
import { hasRows } from "./has-rows.server";

const PATHS: ServiceStatus[][] = [
  ["pending"],
  ["pending", "in_progress"],
  ["pending", "in_progress", "resolved"],
  ["pending", "in_progress", "resolved", "closed"],
  ["pending", "cancelled"],
  ["pending", "in_progress", "pending"],
];
const COMMENTS: Partial<Record<ServiceStatus, string>> = {
  in_progress: "Atendimento iniciado; documentos conferidos com o trabalhador.",
  pending: "Aguardando documentos do trabalhador.",
  resolved: "Orientação dada e caso resolvido.",
  closed: "Chamado encerrado após confirmação do trabalhador.",
  cancelled: "Cancelado a pedido do trabalhador.",
};
const DESCRIPTIONS = [
  "Trabalhador relata atraso no pagamento das horas extras do plantão noturno.",
  "Pedido de orientação sobre a rescisão e o saque do FGTS.",
  "Solicita declaração de filiação para apresentar ao empregador.",
  "Dúvida sobre o desconto da mensalidade sindical no contracheque.",
  "Relata falta de equipamento de proteção no posto de trabalho.",
  "Pede audiência com a diretoria sobre a escala 12x36.",
];

type Staff = { id: string; name: string; role: string };

/** The columns of a demo record opened by a sector's agent (none when the sector has no staff). */
function openedBy(agent: Staff | undefined) {
  return {
    responsibleId: agent?.id ?? null,
    createdBy: agent?.id ?? null,
    createdByRole: agent?.role ?? null,
    requesterRegistration: agent?.role ?? null,
  };
}

/** One history entry of a demo record, written by its agent (or by the system). */
async function addEntry(
  recordId: string,
  agent: Staff | undefined,
  entry: {
    kind: "status" | "comment";
    oldStatus: string;
    newStatus: string;
    text: string;
    isPublic: boolean;
    createdAt: Date;
  },
) {
  await db()
    .insert(serviceRecordEntries)
    .values({
      recordId,
      authorId: agent?.id ?? null,
      authorName: agent?.name ?? "Sistema",
      responsibleName: agent?.name ?? "Responsável não definido",
      ...entry,
    });
}

/** A few dozen records in every sector and status, with histories, some overdue, some linked to members. */
export async function seedDemoServiceRecords() {
  if (await hasRows(serviceRecords)) return;
  const staff = await db()
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(inArray(users.role, [...SERVICE_SECTORS, "admin"]));
  const someMembers = await db().select({ id: members.id, name: members.name, cpf: members.cpf }).from(members).limit(8);
  const admin = staff.find((u) => u.role === "admin");
  const DAY = 86_400_000;
  for (let i = 0; i < 40; i++) {
    const sector = SERVICE_SECTORS[i % SERVICE_SECTORS.length];
    const path = PATHS[Math.floor(i / SERVICE_SECTORS.length) % PATHS.length];
    const agent = staff.find((u) => u.role === sector) ?? admin;
    const member = i % 4 === 0 ? someMembers[(i / 4) % Math.max(1, someMembers.length)] : undefined;
    const createdAt = new Date(Date.now() - (40 - i) * DAY * 0.8 - 3_600_000);
    const types = SERVICE_TYPES[sector];
    const row = await createServiceRecordRow(
      db(),
      {
        sector,
        protocol: protocolAt(createdAt),
        priority: PRIORITIES[i % PRIORITIES.length],
        status: path.at(-1)!,
        requesterName: member?.name ?? memberName(i + 300),
        requesterCpf: member?.cpf ?? null,
        requesterPhone: `(61) 99${String(100 + i).padStart(3, "0")}-${String(2000 + i * 7).slice(0, 4)}`,
        memberId: member?.id ?? null,
        serviceType: types[i % (types.length - 1)],
        description: DESCRIPTIONS[i % DESCRIPTIONS.length],
        ...openedBy(agent),
        createdAt,
      },
      { initialStatus: "pending" },
    );
    for (let s = 1; s < path.length; s++) {
      await addEntry(row.id, agent, {
        kind: "status",
        oldStatus: path[s - 1],
        newStatus: path[s],
        text: COMMENTS[path[s]] ?? "Status atualizado.",
        isPublic: s % 2 === 1,
        createdAt: new Date(createdAt.getTime() + s * 5 * 3_600_000),
      });
    }
    if (i % 3 === 0) {
      await addEntry(row.id, agent, {
        kind: "comment",
        oldStatus: row.status,
        newStatus: row.status,
        text: "Contato telefônico feito com o trabalhador.",
        isPublic: false,
        createdAt: new Date(createdAt.getTime() + path.length * 5 * 3_600_000),
      });
    }
  }
  await seedDemoMemberRecords(staff);
}

/**
 * The demo member's own records, for "Meus atendimentos" (issue 23 §3, ADR 274): one open record
 * of the homologação with public comments (and an internal one that the member never sees), and
 * one closed record of the jurídico, which takes no more comments. Linked by member id and CPF,
 * as the desk links a record opened with a member's CPF.
 */
async function seedDemoMemberRecords(staff: Staff[]) {
  const [member] = await db()
    .select({ id: members.id, name: members.name, cpf: members.cpf, email: members.email })
    .from(members)
    .where(eq(members.cpf, DEMO_MEMBER.cpf));
  if (!member) return;
  const DAY = 86_400_000;
  const plan = [
    {
      sector: "homologacao" as const,
      path: ["pending", "in_progress"] as ServiceStatus[],
      days: 6,
      description: "Pedido de conferência do termo de rescisão antes da homologação.",
      public: [
        "Recebemos o seu pedido. A conferência do termo de rescisão foi agendada.",
        "Envie, por favor, o último contracheque para conferirmos as verbas rescisórias.",
      ],
      internal: "Empresa ainda não enviou a guia do FGTS; ligar para o RH dela.",
    },
    {
      sector: "juridico" as const,
      path: ["pending", "in_progress", "resolved", "closed"] as ServiceStatus[],
      days: 45,
      description: "Dúvida sobre o adicional de periculosidade no contracheque.",
      public: ["Orientação dada: o adicional de 30% é devido sobre o salário-base."],
      internal: "Caso sem ação judicial; arquivar.",
    },
  ];
  for (const p of plan) {
    const agent = staff.find((u) => u.role === p.sector) ?? staff.find((u) => u.role === "admin");
    const createdAt = new Date(Date.now() - p.days * DAY - 5_400_000);
    const row = await createServiceRecordRow(
      db(),
      {
        sector: p.sector,
        status: p.path.at(-1)!,
        requesterName: member.name,
        requesterCpf: member.cpf,
        requesterEmail: member.email,
        memberId: member.id,
        serviceType: SERVICE_TYPES[p.sector][0],
        description: p.description,
        ...openedBy(agent),
        createdAt,
      },
      { initialStatus: "pending" },
    );
    let at = createdAt.getTime();
    for (let s = 1; s < p.path.length; s++) {
      at += 20 * 3_600_000;
      await addEntry(row.id, agent, {
        kind: "status",
        oldStatus: p.path[s - 1],
        newStatus: p.path[s],
        text: COMMENTS[p.path[s]] ?? "Status atualizado.",
        isPublic: true,
        createdAt: new Date(at),
      });
    }
    const last = p.path.at(-1)!;
    const comments = [...p.public.map((text) => ({ text, isPublic: true, after: 6 })), { text: p.internal, isPublic: false, after: 1 }];
    for (const c of comments) {
      at += c.after * 3_600_000;
      await addEntry(row.id, agent, {
        kind: "comment",
        oldStatus: last,
        newStatus: last,
        text: c.text,
        isPublic: c.isPublic,
        createdAt: new Date(at),
      });
    }
  }
}
