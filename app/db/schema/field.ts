import { sql } from "drizzle-orm";
import { boolean, check, date, doublePrecision, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { instant, timestamps } from "./columns";
import { users } from "./auth";
import { files } from "./system";

/**
 * The field area (issue 10, ADR 140): workplaces (the original's `postos`) and the field routes
 * (`rotas`) the campo team executes on a phone.
 *
 * postos → workplaces
 *   codigo → code (P + 6 + 3 digits)   nome_fantasia → name   endereco → address   bairro → neighbourhood
 *   cidade → city   estado → state   cep → cep   telefone_comercial → phone   email → email
 *   Lat/Long → lat/lon (+ position_source)   'Qtd associados' → members_count (stored figure)
 *   status_rota → route_status   ultima_visita → last_visit_at   em_andamento_por → in_progress_by
 *   inicio_rota_* / fim_rota_* / fim_rota_foto → the last visit's route (last_route_id), whose
 *   row holds the start and finish times, positions and photo
 *   the operational counts → the same names below, written by the last finished visit
 */

/** Where a workplace's position came from. A 'manual' (dragged) pin is never overwritten. */
export const POSITION_SOURCES = ["geocoder", "manual", "approximate"] as const;
export type PositionSource = (typeof POSITION_SOURCES)[number];

export const ROUTE_STATUSES = ["pendente", "em_andamento", "concluida"] as const;
export type RouteStatus = (typeof ROUTE_STATUSES)[number];

/** The operational answers of a visit, on the route and copied to its workplace. */
const operational = () => ({
  /** telefone_sala_brigada */
  brigadePhone: text("brigade_phone"),
  /** qtd_bombeiros_civis_basicos */
  basicFirefighters: integer("basic_firefighters"),
  /** qtd_salva_vidas */
  lifeguards: integer("lifeguards"),
  /** possui_lider_brigada */
  hasBrigadeLeader: boolean("has_brigade_leader"),
  /** possui_mestre_bombeiro_efetivo */
  hasMasterFirefighter: boolean("has_master_firefighter"),
  /** total_trabalhadores_local */
  totalWorkers: integer("total_workers"),
  /** qtd_diurnos */
  dayWorkers: integer("day_workers"),
  /** qtd_noturnos */
  nightWorkers: integer("night_workers"),
  /** trabalhadores_terceirizados */
  outsourced: boolean("outsourced"),
  /** tipo_contratacao_direta: Shopping, Condomínio, Escola, Faculdade, Feira, Hotel or the free text of 'Outro' */
  directContractType: text("direct_contract_type"),
});

export const workplaces = pgTable(
  "workplaces",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    address: text("address").notNull(),
    neighbourhood: text("neighbourhood"),
    city: text("city").notNull().default("Brasília"),
    state: text("state").notNull().default("DF"),
    /** 8 digits. */
    cep: text("cep").notNull(),
    phone: text("phone"),
    email: text("email"),
    lat: doublePrecision("lat").notNull(),
    lon: doublePrecision("lon").notNull(),
    positionSource: text("position_source").$type<PositionSource>().notNull().default("approximate"),
    /** Set when the geocoder answered 'not found' for the current address (the hash position stays). */
    geocodeNotFoundAt: instant("geocode_not_found_at"),
    /** 'Qtd associados' as stored (imports, the original); the members register counts once linked. */
    membersCount: integer("members_count").notNull().default(0),
    routeStatus: text("route_status").$type<RouteStatus>().notNull().default("pendente"),
    lastVisitAt: instant("last_visit_at"),
    lastRouteId: uuid("last_route_id"),
    /**
     * The map marker as JSON text, `[id, name, address, city, lat, lon, position_source,
     * last_visit_at ISO]`, written only by the BEFORE INSERT OR UPDATE trigger
     * `workplaces_marker_sync` (migration 0019, ADR 145): the map reads 5,000 of them as one string.
     */
    marker: text("marker"),
    inProgressBy: uuid("in_progress_by").references(() => users.id, { onDelete: "set null" }),
    ...operational(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("workplaces_code_key").on(t.code),
    index("workplaces_cep_idx").on(t.cep),
    check("workplaces_code_check", sql`${t.code} ~ '^P[0-9]{9}$'`),
    check("workplaces_cep_check", sql`${t.cep} ~ '^[0-9]{8}$'`),
    check("workplaces_position_source_check", sql`${t.positionSource} in ('geocoder', 'manual', 'approximate')`),
    check("workplaces_route_status_check", sql`${t.routeStatus} in ('pendente', 'em_andamento', 'concluida')`),
    check("workplaces_lat_check", sql`${t.lat} between -90 and 90 and ${t.lon} between -180 and 180`),
    check("workplaces_members_count_check", sql`${t.membersCount} >= 0`),
  ],
);

export const fieldRoutes = pgTable(
  "field_routes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    cep: text("cep").notNull(),
    address: text("address").notNull(),
    /** numero_filiados */
    affiliates: integer("affiliates").notNull().default(0),
    /** dia_rota */
    routeDate: date("route_date").notNull(),
    workplaceId: uuid("workplace_id").references(() => workplaces.id, { onDelete: "set null" }),
    status: text("status").$type<RouteStatus>().notNull().default("pendente"),
    lat: doublePrecision("lat"),
    lon: doublePrecision("lon"),
    inProgressBy: uuid("in_progress_by").references(() => users.id, { onDelete: "set null" }),
    startedBy: uuid("started_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: instant("started_at"),
    startLat: doublePrecision("start_lat"),
    startLon: doublePrecision("start_lon"),
    startAccuracyM: doublePrecision("start_accuracy_m"),
    startFixAt: instant("start_fix_at"),
    startCep: text("start_cep"),
    finishedBy: uuid("finished_by").references(() => users.id, { onDelete: "set null" }),
    finishedAt: instant("finished_at"),
    finishLat: doublePrecision("finish_lat"),
    finishLon: doublePrecision("finish_lon"),
    finishAccuracyM: doublePrecision("finish_accuracy_m"),
    finishFixAt: instant("finish_fix_at"),
    finishCep: text("finish_cep"),
    /** The client's token of the finish form: a retried finish is recognised and answered again. */
    finishToken: text("finish_token"),
    photoFileId: uuid("photo_file_id").references(() => files.id, { onDelete: "set null" }),
    /** The visit's observations (issue 19 §12), up to 2,000 characters. */
    notes: text("notes"),
    ...operational(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    index("field_routes_date_status_idx").on(t.routeDate, t.status),
    index("field_routes_finished_idx").on(t.status, t.finishedAt),
    index("field_routes_workplace_idx").on(t.workplaceId),
    // "Minhas Visitas": one person's concluded visits in finishing order (ADR 283).
    index("field_routes_finished_by_idx")
      .on(t.finishedBy, t.finishedAt)
      .where(sql`${t.status} = 'concluida'`),
    uniqueIndex("field_routes_finish_token_key").on(t.finishToken),
    check("field_routes_status_check", sql`${t.status} in ('pendente', 'em_andamento', 'concluida')`),
    check("field_routes_cep_check", sql`${t.cep} ~ '^[0-9]{8}$'`),
    check("field_routes_affiliates_check", sql`${t.affiliates} >= 0`),
    check("field_routes_notes_check", sql`char_length(${t.notes}) <= 2000`),
  ],
);

export type WorkplaceRow = typeof workplaces.$inferSelect;
export type FieldRouteRow = typeof fieldRoutes.$inferSelect;
