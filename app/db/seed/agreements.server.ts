import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { agreements, users } from "~/db/schema";
import { createAgreement } from "~/db/factories/agreements";
import { todayInBrasilia } from "~/lib/dates";
import { hasRows } from "./has-rows.server";

/**
 * Demo agreements with neutral placeholder companies and dates around the current year, so the
 * demo always shows a mix: in force, expired, one internal and one draft. Each carries a small
 * real PDF stored through the file store.
 */
export function demoAgreements(year: number) {
  return [
    {
      title: `Convenção Coletiva de Trabalho ${year}/${year + 1}`,
      company: "Sindicato Patronal das Empresas de Segurança (exemplo)",
      description:
        "Reajuste salarial, piso da categoria, adicional de periculosidade, vale-alimentação e jornada 12x36 para bombeiros civis das empresas representadas.",
      validFrom: `${year}-01-01`,
      validTo: `${year}-12-31`,
      isPublic: true,
      draft: false,
    },
    {
      title: `Acordo Coletivo ${year - 1}/${year + 1} – Brigadas de Shopping Centers`,
      company: "Empresa Exemplo de Brigadas Ltda.",
      description:
        "Escala de revezamento, intervalo intrajornada, fornecimento de EPI, reciclagem anual obrigatória e plano de saúde para as equipes de brigada.",
      validFrom: `${year - 1}-05-01`,
      validTo: `${year + 1}-04-30`,
      isPublic: true,
      draft: false,
    },
    {
      title: `Convenção Coletiva de Trabalho ${year - 1}/${year}`,
      company: "Sindicato Patronal das Empresas de Segurança (exemplo)",
      description: "Instrumento anterior: reajuste, piso salarial e benefícios da categoria no período.",
      validFrom: `${year - 1}-01-01`,
      validTo: `${year - 1}-12-31`,
      isPublic: true,
      draft: false,
    },
    {
      title: `Acordo Coletivo ${year - 2} – Hospitais e Clínicas`,
      company: "Associação Exemplo de Serviços Hospitalares",
      description: "Adicional noturno, insalubridade e regras de cobertura de plantões para bombeiros civis em unidades de saúde.",
      validFrom: `${year - 2}-03-01`,
      validTo: `${year - 1}-02-28`,
      isPublic: true,
      draft: false,
    },
    {
      title: `Termo Aditivo ${year} – Banco de Horas`,
      company: "Empresa Exemplo de Brigadas Ltda.",
      description: "Documento de uso interno: regras negociadas para compensação de horas extras e banco de horas.",
      validFrom: `${year}-02-01`,
      validTo: `${year + 1}-01-31`,
      isPublic: false,
      draft: false,
    },
    {
      title: `Minuta da Convenção Coletiva ${year + 1}/${year + 2}`,
      company: "Sindicato Patronal das Empresas de Segurança (exemplo)",
      description: "Proposta em negociação: pauta de reivindicações aprovada em assembleia, ainda não assinada.",
      validFrom: `${year + 1}-01-01`,
      validTo: `${year + 1}-12-31`,
      isPublic: true,
      draft: true,
    },
  ];
}

/** The demo agreements, each with its PDF; nothing when agreements already exist. */
export async function seedDemoAgreements() {
  if (await hasRows(agreements)) return;
  const year = Number(todayInBrasilia().slice(0, 4));
  const [admin] = await db().select({ id: users.id }).from(users).where(eq(users.username, "admin"));
  await db().transaction(async (tx) => {
    for (const { draft, ...a } of demoAgreements(year)) {
      await createAgreement(tx, { ...a, ...(draft ? { status: "draft" } : {}), createdBy: admin?.id ?? null });
    }
  });
}
