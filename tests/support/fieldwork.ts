import type { Locator, Page } from "playwright-core";
import { fillLabelled } from "./browser";
import type { TestServer } from "./server";

/**
 * What the field-work tests send alike: the workplace spreadsheet's columns, as the template
 * writes them, and the answers of a route's finishing form that every finish fills the same way.
 */
export const WORKPLACE_TEMPLATE_HEADERS = [
  "codigo",
  "nome_fantasia",
  "endereco",
  "bairro",
  "cidade",
  "estado",
  "cep",
  "telefone_comercial",
  "email",
  "Lat",
  "Long",
  "Qtd associados",
  "telefone_sala_brigada",
  "qtd_bombeiros_civis_basicos",
  "qtd_salva_vidas",
  "possui_lider_brigada",
  "possui_mestre_bombeiro_efetivo",
  "total_trabalhadores_local",
  "qtd_diurnos",
  "qtd_noturnos",
  "trabalhadores_terceirizados",
  "tipo_contratacao_direta",
];

/** The first twelve: code, name, address, contacts, position and members. */
export const WORKPLACE_HEADERS = WORKPLACE_TEMPLATE_HEADERS.slice(0, 12);

/** A finished visit's brigade and workers (the rest — outsourcing, position, notes — is each test's). */
export const FINISH_ANSWERS = {
  brigadePhone: "(61) 3333-4444",
  basicFirefighters: "4",
  lifeguards: "1",
  hasBrigadeLeader: "sim",
  hasMasterFirefighter: "nao",
  totalWorkers: "120",
  dayWorkers: "80",
  nightWorkers: "40",
};

/**
 * Fills a route's finishing form in the browser: the brigade's phone, the firefighters and
 * workers, the three yes/no questions (a brigade leader, no master firefighter, no outsourcing)
 * and the direct hiring's type.
 */
export async function fillFinishForm(
  form: Locator,
  a: {
    brigadePhone: string;
    basicFirefighters: string;
    lifeguards: string;
    totalWorkers: string;
    dayWorkers: string;
    nightWorkers: string;
    hiring: string;
  },
) {
  await fillLabelled(form, {
    "Telefone da sala da brigada": a.brigadePhone,
    "Bombeiros civis básicos": a.basicFirefighters,
    "Salva-vidas": a.lifeguards,
    "Total de trabalhadores no local": a.totalWorkers,
    Diurnos: a.dayWorkers,
    Noturnos: a.nightWorkers,
  });
  for (const [group, answer] of [
    ["Possui líder de brigada", "Sim"],
    ["Possui mestre bombeiro efetivo", "Não"],
    ["Trabalhadores terceirizados", "Não"],
  ] as const) {
    await form.getByRole("group", { name: group }).getByLabel(answer).check();
  }
  await form.getByLabel("Tipo de contratação direta").selectOption(a.hiring);
}

/** The buttons that would change a visit on the page (a finished visit is read-only: none). */
export function visitChangeButtons(page: Page) {
  return page.locator("main").getByRole("button", { name: /Editar|Excluir|Finalizar/ });
}

/**
 * What a workplace post may write: the workplaces (`w`), the audit entries other than refusals
 * (`l`) and the queued geocoding jobs (`j`).
 */
export async function workplaceCounts(query: TestServer["query"]) {
  const [row] = await query<{
    w: number;
    l: number;
    j: number;
  }>`select (select count(*)::int from workplaces) as w, (select count(*)::int from audit_log where action <> 'access.refused') as l, (select count(*)::int from jobs where name = 'geocode-workplace') as j`;
  return row;
}

export type WorkplaceRow = {
  id: string;
  code: string;
  name: string;
  lat: number;
  lon: number;
  position_source: string;
  geocode_not_found_at: Date | null;
  cep: string;
  city: string;
  state: string;
  email: string | null;
  phone: string | null;
  members_count: number;
  basic_firefighters: number | null;
  has_brigade_leader: boolean | null;
};

/** The workplace of that name as stored (undefined when there is none). */
export async function workplaceByName(query: TestServer["query"], name: string) {
  const [row] = await query<WorkplaceRow>`
    select id, code, name, lat, lon, position_source, geocode_not_found_at, cep, city, state, email, phone,
      members_count, basic_firefighters, has_brigade_leader
    from workplaces where name = ${name}`;
  return row;
}
