import { members } from "~/db/schema";
import { DF_REGIONS, STATUS_FOR_SITUATION, type SituationCode } from "~/domain/members/member-options";
import { lockRegistrationNumbers, nextRegistrationNumber } from "~/domain/members/registration-number.server";
import { todayInBrasilia } from "~/lib/dates";
import { asLogin, cycle, nextSequence, uniqueSuffix, type FactoryDb } from "./support";

export type MemberRow = typeof members.$inferSelect;
export type MemberOverrides = Partial<typeof members.$inferInsert>;

// Fictitious people: common Brazilian given names and surnames, with their accents.
const FIRST_NAMES = [
  "João",
  "José",
  "Antônio",
  "Francisco",
  "Carlos",
  "Paulo",
  "Pedro",
  "Lucas",
  "Luís",
  "Marcos",
  "Luíza",
  "Gabriel",
  "Rafael",
  "Daniel",
  "Marcelo",
  "Bruno",
  "Eduardo",
  "Felipe",
  "Raimundo",
  "Rodrigo",
  "Maria",
  "Ana",
  "Francisca",
  "Antônia",
  "Adriana",
  "Juliana",
  "Márcia",
  "Fernanda",
  "Patrícia",
  "Aline",
  "Sandra",
  "Camila",
  "Amanda",
  "Bruna",
  "Jéssica",
  "Letícia",
  "Júlia",
  "Luciana",
  "Vanessa",
  "Mariana",
  "Conceição",
  "Cláudia",
  "Simone",
  "Débora",
  "Fábio",
  "Sérgio",
  "Vitória",
  "Íris",
  "Otávio",
  "Cecília",
  "Thiago",
  "Vinícius",
  "Mônica",
  "Sônia",
  "Renê",
  "Joaquim",
  "Inês",
  "Benedito",
  "Lúcia",
  "Ângela",
] as const;
const SURNAMES = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Costa",
  "Ribeiro",
  "Martins",
  "Carvalho",
  "Almeida",
  "Lopes",
  "Soares",
  "Fernandes",
  "Vieira",
  "Barbosa",
  "Rocha",
  "Dias",
  "Nascimento",
  "Andrade",
  "Moreira",
  "Nunes",
  "Marques",
  "Machado",
  "Mendes",
  "Freitas",
  "Cardoso",
  "Ramos",
  "Gonçalves",
  "Araújo",
  "Brandão",
  "Conceição",
  "Simões",
  "Magalhães",
  "Falcão",
  "Guimarães",
  "Assunção",
  "Estêvão",
  "Romão",
  "Sá",
  "Damião",
  "Lacerda",
  "Teixeira",
  "Correia",
  "Pinheiro",
  "Antunes",
] as const;
const STREETS = [
  "QNM 12 Conjunto B Casa 7",
  "QR 403 Conjunto 5 Casa 12",
  "Quadra 104 Bloco C Apto 203",
  "QNL 15 Bloco D Apto 101",
  "Rua 8 Chácara 22 Lote 4",
  "SHIN QI 9 Conjunto 3 Casa 18",
  "Avenida Central Bloco 1420 Loja 2",
  "QS 7 Rua 800 Lote 9",
] as const;
const WORKPLACES = [
  "Shopping Conjunto Nacional",
  "Hospital Regional de Taguatinga (exemplo)",
  "Condomínio Residencial Águas Claras",
  "Faculdade do Planalto (exemplo)",
  "Hotel Eixo Monumental (exemplo)",
  "Escola Parque 308 Sul (exemplo)",
] as const;

/** Situação of the n-th member: mostly active, every code present. */
const SITUATION_CYCLE: readonly SituationCode[] = [1, 1, 1, 1, 1, 1, 2, 1, 1, 3, 1, 1, 4, 1, 10, 1, 1, 2, 1, 1];

/** Spreads n over 0…999999 (7919 is prime to 10⁶, so this is a bijection). */
const spread = (n: number) => (n * 7919) % 1_000_000;

/** CPF check digits (Receita Federal's modulo-11 rule) of a 9-digit base. */
function withCheckDigits(base: string) {
  const digit = (ds: string) => {
    const sum = [...ds].reduce((s, d, i) => s + Number(d) * (ds.length + 1 - i), 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = digit(base);
  return `${base}${d1}${digit(`${base}${d1}`)}`;
}

const RUN_TAG = Number.parseInt(uniqueSuffix(0), 16) % 1000;

/**
 * A valid, fictitious CPF for the n-th member of this process: unique across n (up to a million)
 * and, through the per-process tag, apart from rows an earlier run left behind.
 */
export function fictitiousCpf(n: number) {
  const base = `${String(RUN_TAG).padStart(3, "0")}${String(spread(n)).padStart(6, "0")}`;
  return withCheckDigits(base);
}

/** "Conceição Araújo Gonçalves" for the n-th member (accents kept). */
export function memberName(n: number) {
  const first = FIRST_NAMES[(n * 7) % FIRST_NAMES.length];
  const middle = SURNAMES[(n * 13 + 5) % SURNAMES.length];
  const last = SURNAMES[(n * 31 + 17) % SURNAMES.length];
  return middle === last ? `${first} ${last}` : `${first} ${middle} ${last}`;
}

/** A calendar date `years` and `days` before today in Brasília (yyyy-mm-dd). */
function dateBefore(years: number, days = 0) {
  const today = todayInBrasilia();
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/**
 * A member's values: fictitious pt-BR name with accents, a valid unique CPF, a DF address (city
 * = the administrative region, state DF, a CEP in the DF's range), a mobile phone with DDD 61,
 * a situação from the realistic mix and the matching status text. No registration number: the
 * create functions allocate the next free one unless `registrationNumber` is given.
 */
export function buildMember(overrides: MemberOverrides = {}) {
  const n = nextSequence("member");
  const name = overrides.name ?? memberName(n);
  const region = cycle(DF_REGIONS, n);
  const situation = (overrides.situation === undefined ? cycle(SITUATION_CYCLE, n) : overrides.situation) as SituationCode | null;
  const phoneTail = String(spread(n + 17)).padStart(6, "0");
  return {
    name,
    cpf: fictitiousCpf(n),
    email: `${asLogin(name)}.${uniqueSuffix(n)}@exemplo.com.br`,
    mobilePhone: `(61) 99${phoneTail.slice(0, 3)}-${phoneTail.slice(3)}0`,
    homePhone: n % 3 === 0 ? `(61) 33${phoneTail.slice(0, 2)}-${phoneTail.slice(2, 6)}` : null,
    birthDate: dateBefore(22 + (n % 38), n % 365),
    gender: n % 2 === 0 ? "Feminino" : "Masculino",
    address: cycle(STREETS, n),
    city: region,
    state: "DF",
    cep: `7${String(spread(n) % 3_700_000).padStart(7, "0")}`,
    region,
    workplaceName: n % 4 === 0 ? null : cycle(WORKPLACES, n),
    situation,
    status: situation === null ? "ativo" : STATUS_FOR_SITUATION[situation],
    notes: null,
    joinedOn: dateBefore(n % 15, (n * 37) % 365),
    ...overrides,
  };
}

/** Creates one member; without `registrationNumber`, the next free one (as the app allocates it). */
export async function createMember(db: FactoryDb, overrides: MemberOverrides = {}): Promise<MemberRow> {
  const values = buildMember(overrides);
  return db.transaction(async (tx) => {
    let registrationNumber = values.registrationNumber;
    if (registrationNumber === undefined) {
      await lockRegistrationNumbers(tx);
      registrationNumber = await nextRegistrationNumber(tx);
    }
    const [row] = await tx
      .insert(members)
      .values({ ...values, registrationNumber })
      .returning();
    return row;
  });
}

/**
 * Creates `count` members in bulk (1,000 rows per INSERT, one transaction), numbered from the
 * next free registration number on; `overrides(i)` adjusts the i-th (0-based). For the demo, the
 * bench's 50,000 and tests that need a long list.
 */
export async function createMembers(db: FactoryDb, count: number, overrides: (i: number) => MemberOverrides = () => ({})): Promise<number> {
  return db.transaction(async (tx) => {
    await lockRegistrationNumbers(tx);
    let next = await nextRegistrationNumber(tx);
    for (let start = 0; start < count; start += 1000) {
      const batch = [];
      for (let i = start; i < Math.min(count, start + 1000); i++) {
        const values = buildMember(overrides(i));
        batch.push({ ...values, registrationNumber: values.registrationNumber ?? next++ });
      }
      await tx.insert(members).values(batch);
    }
    return count;
  });
}
