/** Finished visits: sorts, messages and the CSV columns (client-safe). */
import { formatDateTime } from "~/lib/dates";

export const VISIT_SORTS = ["recent", "oldest", "name", "filiados"] as const;
export type VisitSort = (typeof VISIT_SORTS)[number];
export function readSort(value: string | null): VisitSort {
  return (VISIT_SORTS as readonly string[]).includes(value ?? "") ? (value as VisitSort) : "recent";
}
export const VISIT_SORT_LABELS: Record<VisitSort, string> = {
  recent: "Mais recentes",
  oldest: "Mais antigas",
  name: "Nome",
  filiados: "Filiados",
};

export const VISITS_MESSAGES = {
  empty: "Nenhuma visita encontrada",
  loadError: "Erro ao carregar visitas finalizadas",
  photoNotFound: "Foto não encontrada.",
} as const;

/** The original's 16 columns, in its order. */
export const VISITS_CSV_COLUMNS = [
  "Nome",
  "Endereço",
  "CEP",
  "Filiados",
  "Data de finalização",
  "Duração",
  "Telefone da sala da brigada",
  "Bombeiros civis básicos",
  "Salva-vidas",
  "Líder de brigada",
  "Mestre bombeiro efetivo",
  "Total de trabalhadores",
  "Diurnos",
  "Noturnos",
  "Terceirizados",
  "Tipo de contratação",
] as const;

/** A map popup's "Última visita" (admin map and the campo panel's): date and time in Brasília, or 'Nunca visitado'. */
export const NEVER_VISITED = "Nunca visitado";
export function lastVisitText(iso: string | null) {
  return iso ? formatDateTime(iso) : NEVER_VISITED;
}
