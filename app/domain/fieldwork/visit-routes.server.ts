import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { fieldRoutes, users, workplaces } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { storeUpload, type Upload } from "~/domain/files/file-store.server";
import { IMAGE_KINDS } from "~/domain/files/file-types";
import { authorize, type Actor } from "~/auth/authorize";
import { lookupCep } from "~/integrations/cep.server";
import { BR_MESSAGES } from "~/lib/br/messages";
import { cepDigits, isValidCep } from "~/lib/br/cep";
import { todayInBrasilia } from "~/lib/dates";
import { AppError } from "~/utils/app-error";
import { log } from "~/utils/logger.server";
import { parsePosition, ROUTE_MESSAGES, validateFinish, type FinishField, type FinishInput } from "./visit-route.schema";
import { workplaceAddressColumns } from "./workplace-columns.server";
import { searchFilter } from "./list-workplaces.server";
import { WORKPLACE_CHOICES_ALL, WORKPLACE_CHOICES_FOUND } from "./workplace-choices";

export const VISIT_PHOTO_PURPOSE = "visit-photo";
export const VISIT_PHOTO_MAX_SIDE = 1280;

type CreateRouteInput = {
  name: string;
  description: string;
  cep: string;
  address?: string;
  affiliates: number;
  routeDate: string;
  workplaceId: string | null;
};

/**
 * Creates a route (original section 5): the CEP must resolve to an address, else 'É necessário
 * um CEP válido para criar a rota.'. Started from a workplace whose CEP cannot be validated,
 * the workplace's stored address is used (the original's fallback).
 */
export async function createFieldRoute(actor: Actor, input: CreateRouteInput) {
  authorize(actor, "routes.create");
  const workplace = input.workplaceId ? (await db().select().from(workplaces).where(eq(workplaces.id, input.workplaceId)))[0] : undefined;
  if (input.workplaceId && !workplace) throw new AppError(404, "Posto não encontrado.", "workplaceId");
  let address: string | null = null;
  let unavailable = false;
  try {
    const found = await lookupCep(input.cep);
    if (found.found)
      address = [found.address.street, found.address.neighbourhood, `${found.address.city}/${found.address.state}`]
        .filter(Boolean)
        .join(", ");
  } catch (error) {
    unavailable = true;
    log.warn("consulta de CEP falhou ao criar rota", { error: String(error) });
  }
  if (!address && workplace)
    address = [workplace.address, workplace.neighbourhood, `${workplace.city}/${workplace.state}`].filter(Boolean).join(", ");
  // The CEP service is down: the address typed by hand (never when the service says "not found").
  if (!address && unavailable) {
    if (!input.address) throw new AppError(400, BR_MESSAGES.cepUnavailable, "address");
    address = input.address;
  }
  if (!address) throw new AppError(400, ROUTE_MESSAGES.cepRequired, "cep");
  return db().transaction(async (tx) => {
    const [created] = await tx
      .insert(fieldRoutes)
      .values({
        name: input.name,
        description: input.description,
        cep: input.cep,
        address,
        affiliates: input.affiliates,
        routeDate: input.routeDate,
        workplaceId: workplace?.id ?? null,
        lat: workplace?.lat ?? null,
        lon: workplace?.lon ?? null,
        createdBy: actor.id,
      })
      .returning({ id: fieldRoutes.id });
    await recordAudit(tx, actor, "field-route.created", created.id, {
      name: input.name,
      routeDate: input.routeDate,
      workplaceId: workplace?.id ?? null,
    });
    return created;
  });
}

/**
 * Workplaces to start a route from (name, code, address, CEP, position), by name. A union with up
 * to WORKPLACE_CHOICES_ALL gets them all, for a plain select; a larger one searches (name, code,
 * address or city, accents ignored) and gets the first WORKPLACE_CHOICES_FOUND: at 5,000 the whole
 * list was ~1 MB of the page on a phone.
 */
export async function listWorkplaceChoices(actor: Actor, o: { q?: string } = {}) {
  authorize(actor, "routes.create");
  const [{ total }] = await db().select({ total: count() }).from(workplaces);
  const searchRequired = total > WORKPLACE_CHOICES_ALL;
  const q = (o.q ?? "").trim().slice(0, 100);
  if (searchRequired && q.length < 2) return { choices: [], total, searchRequired, q };
  const choices = await db()
    .select({
      ...workplaceAddressColumns,
      lat: workplaces.lat,
      lon: workplaces.lon,
      membersCount: workplaces.membersCount,
    })
    .from(workplaces)
    .where(searchRequired ? searchFilter(q) : undefined)
    .orderBy(sql`members_fold(${workplaces.name}) collate "C"`, asc(workplaces.code))
    .limit(searchRequired ? WORKPLACE_CHOICES_FOUND : WORKPLACE_CHOICES_ALL);
  return { choices, total, searchRequired, q };
}

const routeColumns = {
  id: fieldRoutes.id,
  name: fieldRoutes.name,
  description: fieldRoutes.description,
  address: fieldRoutes.address,
  cep: fieldRoutes.cep,
  affiliates: fieldRoutes.affiliates,
  routeDate: fieldRoutes.routeDate,
  status: fieldRoutes.status,
  inProgressBy: fieldRoutes.inProgressBy,
  startedAt: fieldRoutes.startedAt,
  lat: fieldRoutes.lat,
  lon: fieldRoutes.lon,
};

/**
 * The routes to execute: today's not yet concluded (most recently changed first); when there are
 * none, every pending or in-progress route (the original's fallback).
 */
export async function listRoutesToExecute(actor: Actor, now = new Date(), status: "pendente" | "em_andamento" | null = null) {
  authorize(actor, "routes.execute");
  const today = todayInBrasilia(now);
  // ?status= (the campo panel's "visitas pendentes" and "relatórios pendentes"): every route in
  // that state, the 100 most recently changed shown, with the total.
  let total: number | null = null;
  if (status) {
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(fieldRoutes)
      .where(eq(fieldRoutes.status, status));
    total = Number(n);
  }
  let rows = await db()
    .select(routeColumns)
    .from(fieldRoutes)
    .where(status ? eq(fieldRoutes.status, status) : and(eq(fieldRoutes.routeDate, today), ne(fieldRoutes.status, "concluida")))
    .orderBy(desc(fieldRoutes.updatedAt))
    .limit(100);
  const fallback = !status && rows.length === 0;
  if (fallback) {
    rows = await db()
      .select(routeColumns)
      .from(fieldRoutes)
      .where(inArray(fieldRoutes.status, ["pendente", "em_andamento"]))
      .orderBy(desc(fieldRoutes.updatedAt))
      .limit(100);
  }
  const [own] = await db()
    .select({ id: fieldRoutes.id })
    .from(fieldRoutes)
    .where(and(eq(fieldRoutes.inProgressBy, actor.id), eq(fieldRoutes.status, "em_andamento")))
    .limit(1);
  return {
    today,
    fallback,
    status,
    total,
    /** This person has a route in progress (listed or not): no other may be started. */
    ownInProgress: !!own,
    routes: rows.map((r) => ({
      ...r,
      startedAt: r.startedAt?.toISOString() ?? null,
      mine: r.inProgressBy === actor.id,
      busy: r.status === "em_andamento" && r.inProgressBy !== actor.id,
    })),
  };
}

type PositionInput = { lat: string; lon: string; accuracy: string; fixAt: string; positionCep: string };

function readPosition(input: PositionInput) {
  const point = parsePosition(input);
  if (point === "invalid") throw new AppError(400, ROUTE_MESSAGES.position, "lat");
  if (point === "invalidFix") throw new AppError(400, ROUTE_MESSAGES.fixAt, "lat");
  const cep = cepDigits(input.positionCep);
  if (!point && cep && !isValidCep(cep)) throw new AppError(400, "Digite um CEP de 8 dígitos.", "positionCep");
  return { point, cep: cep || null };
}

/**
 * Starts a route: one conditional UPDATE, so of two people pressing start at once exactly one
 * wins; the other gets 'Esta rota já está em andamento por outro usuário.'. Records who, when,
 * and the position (browser geolocation with accuracy and fix time, or the CEP).
 */
export async function startFieldRoute(actor: Actor, input: { id: string } & PositionInput) {
  authorize(actor, "routes.execute");
  const { point, cep } = readPosition(input);
  return db().transaction(async (tx) => {
    // One route in progress per person (issue 19 §12, ADR 197): the person's row is locked, so
    // two starts of different routes by one person at once are taken one after the other and
    // the second sees the first in progress.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for("update");
    const [other] = await tx
      .select({ id: fieldRoutes.id })
      .from(fieldRoutes)
      .where(and(eq(fieldRoutes.inProgressBy, actor.id), eq(fieldRoutes.status, "em_andamento"), ne(fieldRoutes.id, input.id)))
      .limit(1);
    if (other) throw new AppError(409, ROUTE_MESSAGES.secondStart);
    const [won] = await tx
      .update(fieldRoutes)
      .set({
        status: "em_andamento",
        inProgressBy: actor.id,
        startedBy: actor.id,
        startedAt: sql`now()`,
        startLat: point?.lat ?? null,
        startLon: point?.lon ?? null,
        startAccuracyM: point?.accuracy ?? null,
        startFixAt: point?.fixAt ?? null,
        startCep: point ? null : cep,
        updatedAt: sql`now()`,
      })
      .where(and(eq(fieldRoutes.id, input.id), eq(fieldRoutes.status, "pendente")))
      .returning({ id: fieldRoutes.id, name: fieldRoutes.name, workplaceId: fieldRoutes.workplaceId });
    if (!won) {
      const [current] = await tx
        .select({ status: fieldRoutes.status, inProgressBy: fieldRoutes.inProgressBy })
        .from(fieldRoutes)
        .where(eq(fieldRoutes.id, input.id));
      if (!current) throw new AppError(404, ROUTE_MESSAGES.notFound);
      if (current.status === "em_andamento" && current.inProgressBy === actor.id) return { alreadyMine: true };
      if (current.status === "concluida") throw new AppError(409, ROUTE_MESSAGES.alreadyFinished);
      throw new AppError(409, ROUTE_MESSAGES.busy);
    }
    if (won.workplaceId) {
      await tx
        .update(workplaces)
        .set({ routeStatus: "em_andamento", inProgressBy: actor.id, updatedAt: sql`now()` })
        .where(eq(workplaces.id, won.workplaceId));
    }
    await recordAudit(tx, actor, "field-route.started", won.id, { name: won.name, by: point ? "geolocation" : "cep" });
    return { alreadyMine: false };
  });
}

/**
 * Finishes a route (original section 5). Idempotent by the form's token: the same token sent
 * again (a retry over a weak signal) answers success without writing anything twice. A photo
 * that cannot be stored never blocks finishing. The route becomes concluida; its workplace gets
 * the operational data, the last visit and its route status; the in-progress person is cleared.
 */
export async function finishFieldRoute(actor: Actor, input: Omit<FinishInput, "intent">, photo?: Upload) {
  authorize(actor, "routes.execute");
  const [existing] = await db()
    .select({ status: fieldRoutes.status, finishToken: fieldRoutes.finishToken })
    .from(fieldRoutes)
    .where(eq(fieldRoutes.id, input.id));
  if (!existing) throw new AppError(404, ROUTE_MESSAGES.notFound);
  if (existing.status === "concluida" && existing.finishToken === input.token) return { repeated: true, photoStored: null };
  const checked = validateFinish(input as Record<FinishField, string>);
  if (!checked.ok) throw new AppError(400, checked.message, checked.field);
  const { point, cep } = readPosition(input);
  return db().transaction(async (tx) => {
    const [route] = await tx.select().from(fieldRoutes).where(eq(fieldRoutes.id, input.id)).for("update");
    if (!route) throw new AppError(404, ROUTE_MESSAGES.notFound);
    if (route.status === "concluida") {
      if (route.finishToken === input.token) return { repeated: true, photoStored: null };
      throw new AppError(409, ROUTE_MESSAGES.alreadyFinished);
    }
    if (route.status !== "em_andamento") throw new AppError(409, ROUTE_MESSAGES.notStarted);
    if (route.inProgressBy !== actor.id) throw new AppError(409, ROUTE_MESSAGES.busy);
    let photoFileId: string | null = null;
    let photoStored: boolean | null = null;
    if (photo && photo.bytes.length > 0) {
      try {
        // A savepoint: a refused or broken photo rolls back alone, the visit still finishes.
        const stored = await tx.transaction((sp) =>
          storeUpload(
            photo,
            {
              purpose: VISIT_PHOTO_PURPOSE,
              allowed: IMAGE_KINDS,
              typeMessage: ROUTE_MESSAGES.photoFailed,
              createdBy: actor.id,
              maxImageSide: VISIT_PHOTO_MAX_SIDE,
            },
            sp,
          ),
        );
        photoFileId = stored.id;
        photoStored = true;
      } catch (error) {
        photoStored = false;
        log.warn("foto da visita não guardada; visita finalizada sem foto", { error: String(error) });
      }
    }
    const v = checked.value;
    await tx
      .update(fieldRoutes)
      .set({
        status: "concluida",
        inProgressBy: null,
        finishedBy: actor.id,
        finishedAt: sql`now()`,
        finishLat: point?.lat ?? null,
        finishLon: point?.lon ?? null,
        finishAccuracyM: point?.accuracy ?? null,
        finishFixAt: point?.fixAt ?? null,
        finishCep: point ? null : cep,
        finishToken: input.token,
        photoFileId,
        notes: input.notes ? input.notes : null,
        ...v,
        updatedAt: sql`now()`,
      })
      .where(eq(fieldRoutes.id, route.id));
    if (route.workplaceId) {
      await tx
        .update(workplaces)
        .set({ ...v, routeStatus: "concluida", inProgressBy: null, lastVisitAt: sql`now()`, lastRouteId: route.id, updatedAt: sql`now()` })
        .where(eq(workplaces.id, route.workplaceId));
    }
    await recordAudit(tx, actor, "field-route.finished", route.id, { name: route.name, workplaceId: route.workplaceId, photoFileId });
    return { repeated: false, photoStored };
  });
}
