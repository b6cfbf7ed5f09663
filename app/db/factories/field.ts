import { sharpOf } from "~/lib/sharp.server";
import { fieldRoutes, workplaces } from "~/db/schema";
import { storeFile } from "~/domain/files/file-store.server";
import { approximatePosition } from "~/domain/fieldwork/map-constants";
import { generateWorkplaceCode } from "~/domain/fieldwork/workplace-code.server";
import { nextSequence, type FactoryDb } from "./support";

export type WorkplaceOverrides = Partial<typeof workplaces.$inferInsert>;

const NAMES = [
  "Shopping Pátio Central",
  "Escola Parque 308 Sul",
  "Hotel Eixo Monumental",
  "Condomínio Águas Claras",
  "Faculdade do Planalto",
];

/** A workplace at its approximate position (no geocoding job). */
export async function createWorkplace(db: FactoryDb, overrides: WorkplaceOverrides = {}) {
  const n = nextSequence("workplace");
  const address = overrides.address ?? `Quadra ${n} Conjunto A`;
  const city = overrides.city ?? "Brasília";
  const state = overrides.state ?? "DF";
  const cep = overrides.cep ?? "70040010";
  const position = approximatePosition({ address, city, state, cep });
  const [row] = await db
    .insert(workplaces)
    .values({
      code: generateWorkplaceCode(Date.now() + n * 1000),
      name: `${NAMES[n % NAMES.length]} ${n}`,
      address,
      city,
      state,
      cep,
      lat: position.lat,
      lon: position.lon,
      ...overrides,
    })
    .returning();
  return row;
}

export type FieldRouteOverrides = Partial<typeof fieldRoutes.$inferInsert>;

/** A pending route for today (Brasília calendar) unless told otherwise. */
export async function createFieldRoute(db: FactoryDb, overrides: FieldRouteOverrides = {}) {
  const n = nextSequence("field-route");
  const [row] = await db
    .insert(fieldRoutes)
    .values({
      name: `Rota ${n}`,
      description: `Visita de rotina ${n}`,
      cep: "70040010",
      address: "Setor Comercial Sul Quadra 1, Asa Sul",
      routeDate: new Date().toISOString().slice(0, 10),
      ...overrides,
    })
    .returning();
  return row;
}

/** A visit photo (a small JPEG) as a finished visit stores it. */
export async function createVisitPhoto(db: FactoryDb) {
  const bytes = await (
    await sharpOf({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 120, b: 80 } } })
  )
    .jpeg()
    .toBuffer();
  return storeFile({ purpose: "visit-photo", fileName: "visita.jpg", contentType: "image/jpeg", bytes }, db);
}
