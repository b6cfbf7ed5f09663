import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { fieldRoutes, workplaces } from "~/db/schema";
import { approximatePosition } from "~/domain/fieldwork/map-constants";
import { listWorkplaces, workplaceMarkers } from "~/domain/fieldwork/list-workplaces.server";
import { finishedVisitsCsv } from "~/domain/fieldwork/finished-visits.server";
import type { Actor } from "~/auth/authorize";
import { batches, measuredFigures, type ScaleArea } from "../context";

/**
 * Workplaces and finished visits (issue 10): 5,000 workplaces around the DF and 50,000
 * concluded visits over two years, inserted in multi-row batches with the factories' row shapes
 * (app/db/factories/field.ts); then the p95 server time of the workplace list with a search
 * (≤ 30 ms), the map's marker data (≤ 30 ms) and the finished-visits CSV of one year (≤ 1 s).
 */
const actor: Actor = { id: randomUUID(), username: "bench", role: "admin" };
const KINDS = ["Shopping", "Escola", "Hotel", "Condomínio", "Faculdade", "Feira", "Hospital", "Clube"];
const PLACES = [
  "Pátio Central",
  "Águas Claras",
  "Asa Sul",
  "Asa Norte",
  "Taguatinga",
  "Ceilândia",
  "Guará",
  "Sobradinho",
  "Gama",
  "Samambaia",
  "Núcleo Bandeirante",
  "Lago Sul",
];
const CITIES = ["Brasília", "Taguatinga", "Ceilândia", "Águas Claras", "Guará", "Gama", "Samambaia", "Sobradinho"];
const CONTRACTS = ["Shopping", "Condomínio", "Escola", "Faculdade", "Feira", "Hotel", "Outro"];
const YEAR = 2025;
const FIGURES = {
  workplaceListSearch: "Postos: lista com busca",
  mapMarkers: "Mapa: marcadores",
  mapMarkersUncached: "Mapa: marcadores sem cache",
  visitsCsvYear: "CSV de visitas de um ano (inteiro)",
  visitsCsvYearFirstByte: "CSV de visitas: primeiro byte",
};

const area: ScaleArea = {
  name: "field",
  order: 20,
  async seed({ db, sizes, say }) {
    const ids: string[] = [];
    for (const { from, to } of batches(sizes.workplaces, 1_000)) {
      const rows: (typeof workplaces.$inferInsert)[] = [];
      for (let i = from; i < to; i++) {
        const address = `Quadra ${(i % 900) + 1} Conjunto ${String.fromCharCode(65 + (i % 20))} Lote ${i % 40}`;
        const city = CITIES[i % CITIES.length];
        const cep = `7${String((i * 7919) % 3_700_000).padStart(7, "0")}`;
        const position = approximatePosition({ address, city, state: "DF", cep });
        rows.push({
          code: `P${String(i).padStart(6, "0")}${String((i * 37) % 1000).padStart(3, "0")}`,
          name: `${KINDS[i % KINDS.length]} ${PLACES[(i * 7) % PLACES.length]} ${i}`,
          address,
          neighbourhood: PLACES[(i * 3) % PLACES.length],
          city,
          state: "DF",
          cep,
          lat: position.lat,
          lon: position.lon,
          positionSource: i % 5 === 0 ? "approximate" : "geocoder",
          membersCount: i % 60,
          routeStatus: "concluida",
          lastVisitAt: new Date(Date.UTC(YEAR, i % 12, (i % 27) + 1, 14)),
        });
      }
      ids.push(...(await db.insert(workplaces).values(rows).returning({ id: workplaces.id })).map((r) => r.id));
    }
    say(`postos: ${sizes.workplaces}`);
    // Visits over two years (YEAR - 1 and YEAR), each at a workplace.
    const start = Date.UTC(YEAR - 1, 0, 1);
    const span = Date.UTC(YEAR + 1, 0, 1) - start;
    for (const { from, to } of batches(sizes.visits, 1_000)) {
      const rows: (typeof fieldRoutes.$inferInsert)[] = [];
      for (let i = from; i < to; i++) {
        const finishedAt = new Date(start + Math.floor((((i * 7919) % sizes.visits) / sizes.visits) * span));
        const startedAt = new Date(finishedAt.getTime() - (20 + (i % 140)) * 60_000);
        rows.push({
          name: `Visita ${KINDS[i % KINDS.length]} ${i}`,
          description: `Visita de rotina ${i}`,
          cep: `7${String((i * 104729) % 3_700_000).padStart(7, "0")}`,
          address: `Quadra ${(i % 900) + 1} Conjunto ${String.fromCharCode(65 + (i % 20))}, ${CITIES[i % CITIES.length]}`,
          affiliates: i % 80,
          routeDate: finishedAt.toISOString().slice(0, 10),
          workplaceId: ids[i % ids.length],
          status: "concluida",
          startedAt,
          startLat: -15.79 + (i % 100) / 1000,
          startLon: -47.88 - (i % 100) / 1000,
          startAccuracyM: 12,
          finishedAt,
          finishLat: -15.79 + (i % 100) / 1000,
          finishLon: -47.88 - (i % 100) / 1000,
          finishAccuracyM: 9,
          brigadePhone: "(61) 3333-4444",
          basicFirefighters: i % 12,
          lifeguards: i % 3,
          hasBrigadeLeader: i % 2 === 0,
          hasMasterFirefighter: i % 3 === 0,
          totalWorkers: 10 + (i % 200),
          dayWorkers: 5 + (i % 100),
          nightWorkers: 5 + (i % 100),
          outsourced: i % 4 === 0,
          directContractType: CONTRACTS[i % CONTRACTS.length],
        });
      }
      await db.insert(fieldRoutes).values(rows);
      if (to % 10_000 === 0 || to === sizes.visits) say(`visitas: ${to}/${sizes.visits}`);
    }
    await db.execute(sql`VACUUM (ANALYZE) workplaces`);
    await db.execute(sql`VACUUM (ANALYZE) field_routes`);
    return { workplaces: sizes.workplaces, visits: sizes.visits };
  },
  async measure({ timing }) {
    const year = { from: new Date(Date.UTC(YEAR, 0, 1, 3)), to: new Date(Date.UTC(YEAR + 1, 0, 1, 3)) };
    // The file's bytes, as the download sends them: the whole stream read to its end (ADR 261).
    // Not decoded back into a string: that is the client's work, and it was a fifth of the figure.
    const csvBytes = async () => new Uint8Array(await new Response(await finishedVisitsCsv(actor, "recent", year)).arrayBuffer());
    const figures = {
      // The screen's loader with a search: count and one page of 10 (the markers are a request of their own).
      workplaceListSearch: await timing(() => listWorkplaces(actor, { q: "shopping asa", page: 1 })),
      // The map's markers (…/mapa-postos/marcadores): every workplace's, as served (kept until a
      // write, ADR 145) and computed afresh.
      mapMarkers: await timing(() => workplaceMarkers(actor)),
      mapMarkersUncached: await timing(() => workplaceMarkers(actor, { fresh: true })),
      // The whole streamed file, read to its end (ADR 261).
      visitsCsvYear: await timing(csvBytes, 10),
      // Its first bytes: the BOM and the header, sent before any row is read.
      visitsCsvYearFirstByte: await timing(async () => {
        const reader = (await finishedVisitsCsv(actor, "recent", year)).getReader();
        await reader.read();
        await reader.cancel();
      }, 10),
    };
    // Its rows (CRLF after each line, the header's included), counted once, outside the timing.
    const csvRows = (await csvBytes()).filter((byte) => byte === 0x0a).length - 1;
    const targets = { workplaceListSearch: 30, mapMarkers: 30, mapMarkersUncached: 30, visitsCsvYear: 250, visitsCsvYearFirstByte: 50 };
    return {
      visitsCsvYearRows: csvRows,
      targetsMs: targets,
      ...measuredFigures(figures, (key) => targets[key as keyof typeof targets], FIGURES),
    };
  },
};

export default area;
