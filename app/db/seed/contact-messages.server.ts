import { inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contactMessages, users } from "~/db/schema";
import { createContactMessage } from "~/db/factories/contacts";
import { daysAgo } from "~/db/factories/support";
import type { ContactStatus } from "~/domain/contacts/contact-sectors";
import type { ContactSector } from "~/auth/scopes";
import { hasRows } from "./has-rows.server";

type DemoMessage = {
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  sector: ContactSector;
  status: ContactStatus;
  daysAgo: number;
  reply?: string;
};

/** Fictitious people (example.com addresses) writing to each sector, in every status. */
const DEMO_MESSAGES: DemoMessage[] = [
  {
    name: "Mariana Albuquerque",
    email: "mariana.albuquerque@example.com",
    phone: "(61) 98123-4567",
    subject: "Como faço para me filiar?",
    message:
      "Boa tarde! Sou bombeira civil há dois anos em um shopping da Asa Norte e gostaria de saber quais documentos preciso levar para fazer a filiação ao sindicato.",
    sector: "secretaria",
    status: "pending",
    daysAgo: 0,
  },
  {
    name: "Ricardo Nogueira",
    email: "ricardo.nogueira@example.com",
    phone: null,
    subject: "Segunda via da carteirinha",
    message: "Perdi minha carteirinha de filiado. Como consigo uma segunda via? Posso retirar na sede?",
    sector: "secretaria",
    status: "replied",
    daysAgo: 3,
    reply:
      "Olá, Ricardo. A segunda via pode ser retirada na sede, de segunda a sexta, das 9h às 17h, com um documento com foto. Fica pronta em até dois dias úteis.",
  },
  {
    name: "Fernanda Castro",
    email: "fernanda.castro@example.com",
    phone: "(61) 99876-5432",
    subject: "Adicional de periculosidade",
    message:
      "A empresa em que trabalho deixou de pagar o adicional de periculosidade neste mês. Isso está de acordo com a convenção coletiva? O que devo fazer?",
    sector: "juridico",
    status: "pending",
    daysAgo: 1,
  },
  {
    name: "Paulo Henrique Duarte",
    email: "paulo.duarte@example.com",
    phone: "(61) 3344-5566",
    subject: "Dúvida sobre banco de horas",
    message: "Minha escala é 12x36. A empresa pode lançar as horas extras em banco de horas em vez de pagar?",
    sector: "juridico",
    status: "resolved",
    daysAgo: 12,
    reply:
      "Olá, Paulo. A convenção vigente não autoriza banco de horas para a escala 12x36: as horas extras devem ser pagas. Se quiser, agende um atendimento com o jurídico para analisarmos o seu caso.",
  },
  {
    name: "Luciana Prado",
    email: "luciana.prado@example.com",
    phone: "(61) 98555-1234",
    subject: "Mensalidade descontada em duplicidade",
    message: "Neste mês a mensalidade do sindicato foi descontada duas vezes no meu contracheque. Como peço o reembolso?",
    sector: "financeiro",
    status: "replied",
    daysAgo: 5,
    reply:
      "Olá, Luciana. Já identificamos o desconto em duplicidade e o valor será devolvido na próxima folha. Qualquer dúvida, estamos à disposição.",
  },
  {
    name: "André Vasconcelos",
    email: "andre.vasconcelos@example.com",
    phone: null,
    subject: "Convite para audiência pública",
    message:
      "Represento a associação de moradores do Guará e gostaríamos de convidar a diretoria para uma audiência pública sobre segurança em eventos.",
    sector: "presidencia",
    status: "pending",
    daysAgo: 2,
  },
  {
    name: "Juliana Ribeiro",
    email: "juliana.ribeiro@example.com",
    phone: "(61) 99111-2233",
    subject: "Homologação de rescisão",
    message: "Fui dispensado sem justa causa e a empresa marcou a homologação. Preciso agendar algo com o sindicato antes?",
    sector: "rh",
    status: "resolved",
    daysAgo: 20,
    reply:
      "Olá, Juliana. Sim: a homologação é feita na sede mediante agendamento. Já reservamos um horário e enviaremos a confirmação por e-mail.",
  },
  {
    name: "Marcos Teixeira",
    email: "marcos.teixeira@example.com",
    phone: "(61) 98777-8899",
    subject: "Visita ao posto do Setor Hoteleiro",
    message:
      "Somos cinco bombeiros civis em um hotel do Setor Hoteleiro Sul e a sala da brigada está sem equipamentos. Vocês podem fazer uma visita?",
    sector: "campo",
    status: "pending",
    daysAgo: 4,
  },
];

/** Demo contact messages; replies are signed by the demo user of the sector's role. */
export async function seedDemoContactMessages() {
  if (await hasRows(contactMessages)) return;
  const staff = await db()
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(inArray(users.role, ["secretaria", "juridico", "financeiro", "presidencia", "rh", "campo"]));
  const byRole = new Map(staff.map((u) => [u.role, u]));
  await db().transaction(async (tx) => {
    for (const [i, { daysAgo: days, reply, ...m }] of DEMO_MESSAGES.entries()) {
      const replier = reply ? byRole.get(m.sector) : undefined;
      await createContactMessage(tx, {
        ...m,
        replyMessage: reply ?? null,
        repliedBy: replier?.id ?? null,
        repliedByName: reply ? (replier?.name ?? "Equipe do sindicato") : null,
        repliedAt: reply ? daysAgo(Math.max(0, days - 1)) : null,
        createdAt: daysAgo(days, i + 1),
      });
    }
  });
}
