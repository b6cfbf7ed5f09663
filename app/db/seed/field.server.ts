import { eq } from "drizzle-orm";
import { sharpOf } from "~/lib/sharp.server";
import { db } from "~/db/client.server";
import { users, workplaces, type WorkplaceRow } from "~/db/schema";
import { createFieldRoute, createWorkplace } from "~/db/factories/field";
import { storeUpload } from "~/domain/files/file-store.server";
import { IMAGE_KINDS } from "~/domain/files/file-types";
import { todayInBrasilia } from "~/lib/dates";
import { VISIT_PHOTO_MAX_SIDE, VISIT_PHOTO_PURPOSE } from "~/domain/fieldwork/visit-routes.server";
import { hasRows } from "./has-rows.server";

/**
 * The demo's workplaces around the DF (real-looking addresses, positions given: no geocoder
 * call) and routes in every state, with finished visits carrying generated photos.
 * [name, address, neighbourhood, CEP, lat, lon, members]
 */
const PLACES: Array<[string, string, string, string, number, number, number]> = [
  ["Conjunto Nacional Brasília", "SDN Conjunto A", "Asa Norte", "70077900", -15.7916, -47.8829, 18],
  ["Brasília Shopping", "SCN Quadra 5 Bloco A", "Asa Norte", "70715900", -15.7867, -47.8887, 22],
  ["Pátio Brasil Shopping", "SCS Quadra 7 Bloco A", "Asa Sul", "70307902", -15.7968, -47.8915, 15],
  ["Park Shopping", "SAI/SO Área 6580", "Guará", "71219900", -15.8336, -47.9532, 27],
  ["ParkShopping Estacionamento", "SAI/SO Área 6580 Setor B", "Guará", "71219900", -15.8344, -47.9541, 6],
  ["Taguatinga Shopping", "QS 1 Rua 210 Lote 40", "Taguatinga Sul", "71950904", -15.8351, -48.0422, 19],
  ["Águas Claras Shopping", "Avenida das Araucárias 1835", "Águas Claras", "71936250", -15.8394, -48.0265, 14],
  ["JK Shopping", "QNM 34 Área Especial 1", "Taguatinga Norte", "72145450", -15.8078, -48.0966, 16],
  ["Boulevard Shopping", "SCN Quadra 6", "Asa Norte", "70716900", -15.7813, -47.8855, 12],
  ["Iguatemi Brasília", "SHIN CA 4 Lote A", "Lago Norte", "71503504", -15.7224, -47.8872, 20],
  ["Shopping Sobradinho", "Quadra Central Bloco 8", "Sobradinho", "73010521", -15.6533, -47.7901, 8],
  ["Gama Shopping", "Setor Central Área Especial 1", "Gama", "72405610", -16.0155, -48.0617, 9],
  ["Alameda Shopping", "QS 1 Rua 210", "Taguatinga Sul", "71950770", -15.8386, -48.0387, 7],
  ["Shopping Popular", "SIA Trecho 7", "Setor de Indústria e Abastecimento", "71200070", -15.8069, -47.9465, 11],
  ["Feira dos Importados", "SIA Trecho 7 Lote 1", "Setor de Indústria e Abastecimento", "71200070", -15.8053, -47.9498, 13],
  ["Feira da Torre de TV", "Eixo Monumental", "Zona Cívico-Administrativa", "70070350", -15.7904, -47.8926, 5],
  ["Feira do Guará", "QE 23 Área Especial", "Guará II", "71060230", -15.8262, -47.9819, 4],
  ["Hotel Nacional", "SHS Quadra 1 Bloco A", "Asa Sul", "70322900", -15.7985, -47.8896, 10],
  ["Royal Tulip Brasília Alvorada", "SHTN Trecho 1 Conjunto 1B", "Asa Norte", "70800200", -15.7893, -47.8242, 9],
  ["Hotel Kubitschek Plaza", "SHN Quadra 2 Bloco E", "Asa Norte", "70702904", -15.7887, -47.8864, 6],
  ["Meliá Brasil 21", "SHS Quadra 6 Bloco D", "Asa Sul", "70316000", -15.7962, -47.8958, 7],
  ["Centro de Convenções Ulysses Guimarães", "Eixo Monumental SDC", "Zona Cívico-Administrativa", "70070350", -15.7863, -47.8994, 12],
  ["Escola Parque 308 Sul", "SQS 308 Área Especial", "Asa Sul", "70355000", -15.8129, -47.9002, 3],
  ["Centro de Ensino Médio Elefante Branco", "SGAS 908", "Asa Sul", "70390080", -15.8215, -47.9091, 4],
  ["Colégio Militar de Brasília", "SGAN 902/904", "Asa Norte", "70790020", -15.7681, -47.8929, 6],
  [
    "Universidade de Brasília — Campus Darcy Ribeiro",
    "Campus Universitário Darcy Ribeiro",
    "Asa Norte",
    "70910900",
    -15.7631,
    -47.8708,
    21,
  ],
  ["UniCEUB Asa Norte", "SEPN 707/907", "Asa Norte", "70790075", -15.7676, -47.8937, 8],
  ["Universidade Católica de Brasília", "QS 07 Lote 01 EPCT", "Taguatinga Sul", "71966700", -15.8657, -48.0293, 11],
  ["IESB Asa Sul", "SGAS Quadra 613/614", "Asa Sul", "70200730", -15.8324, -47.9185, 5],
  ["Condomínio Residencial Sudoeste", "SQSW 300 Bloco K", "Sudoeste", "70673000", -15.7985, -47.9265, 4],
  ["Condomínio Parque das Águas", "Rua 12 Norte Lote 4", "Águas Claras", "71909720", -15.8331, -48.0222, 3],
  ["Condomínio Solar de Brasília", "Rua do Mirante Quadra 1", "Jardim Botânico", "71680362", -15.8715, -47.8129, 2],
  ["Condomínio Noroeste Green", "SQNW 311 Bloco B", "Noroeste", "70687310", -15.7511, -47.9118, 3],
  ["Estádio Nacional Mané Garrincha", "SRPN Eixo Monumental", "Asa Norte", "70070701", -15.7835, -47.8992, 17],
  ["Ginásio Nilson Nelson", "SRPN Eixo Monumental", "Asa Norte", "70070701", -15.7819, -47.9025, 6],
  ["Parque Aquático de Ceilândia", "QNN 13 Área Especial", "Ceilândia Norte", "72225130", -15.8119, -48.1107, 5],
  ["Clube do Congresso", "SCES Trecho 2", "Lago Sul", "70200002", -15.8224, -47.8601, 7],
  ["Hospital de Base do DF", "SMHS Área Especial Quadra 101", "Asa Sul", "70330150", -15.7993, -47.8863, 14],
  ["Rodoviária do Plano Piloto", "Eixo Rodoviário Setor de Diversões", "Zona Cívico-Administrativa", "70070000", -15.7937, -47.8828, 9],
  ["Aeroporto de Brasília", "Lago Sul", "Lago Sul", "71608900", -15.8697, -47.9172, 25],
];

async function demoPhoto(seed: number) {
  const hue = (seed * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="hsl(${hue},35%,55%)"/><rect y="380" width="800" height="220" fill="hsl(${hue},25%,35%)"/><rect x="260" y="180" width="280" height="260" fill="hsl(${hue},15%,88%)"/><rect x="360" y="300" width="80" height="140" fill="hsl(${hue},30%,30%)"/></svg>`;
  return (await sharpOf(Buffer.from(svg))).jpeg({ quality: 70 }).toBuffer();
}

/**
 * The administrative region (RA) as the demo's city, as union spreadsheets usually write it (the
 * panels group workplaces by city; with "Brasília" for every DF address the bar list would show
 * a single bar). Plano Piloto's neighbourhoods stay "Brasília".
 */
function regionOf(neighbourhood: string) {
  const regions = ["Taguatinga", "Ceilândia", "Gama", "Guará", "Sobradinho", "Águas Claras", "Lago Sul", "Lago Norte", "Jardim Botânico"];
  return regions.find((r) => neighbourhood.startsWith(r)) ?? "Brasília";
}

export async function seedDemoField() {
  if (await hasRows(workplaces)) return;
  const [campo] = await db().select({ id: users.id }).from(users).where(eq(users.username, "campo"));
  const created: WorkplaceRow[] = [];
  for (const [i, [name, address, neighbourhood, cep, lat, lon, members]] of PLACES.entries()) {
    created.push(
      await createWorkplace(db(), {
        code: `P${String(260100 + i).padStart(6, "0")}${String((i * 37) % 1000).padStart(3, "0")}`,
        name,
        address,
        neighbourhood,
        city: regionOf(neighbourhood),
        cep,
        lat,
        lon,
        positionSource: "geocoder",
        membersCount: members,
        phone: `(61) 3${String(3000000 + i * 1371).slice(0, 3)}-${String(1000 + i * 97).slice(-4)}`,
      }),
    );
  }
  const today = todayInBrasilia();
  const day = (offset: number) => {
    const d = new Date(`${today}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };
  const routeFor = (w: (typeof created)[number], extra: Parameters<typeof createFieldRoute>[1]) =>
    createFieldRoute(db(), {
      name: `Visita: ${w.name}`,
      description: "Levantamento de brigadistas e forma de contratação.",
      cep: w.cep,
      address: [w.address, w.neighbourhood, `${w.city}/${w.state}`].filter(Boolean).join(", "),
      affiliates: w.membersCount,
      workplaceId: w.id,
      lat: w.lat,
      lon: w.lon,
      createdBy: campo?.id ?? null,
      ...extra,
    });
  // Pending today and tomorrow.
  for (const [i, w] of created.slice(0, 4).entries()) await routeFor(w, { routeDate: day(i < 3 ? 0 : 1) });
  // One in progress by the campo user.
  const started = new Date(Date.now() - 35 * 60_000);
  const inProgress = created[4];
  await routeFor(inProgress, {
    routeDate: day(0),
    status: "em_andamento",
    inProgressBy: campo?.id ?? null,
    startedBy: campo?.id ?? null,
    startedAt: started,
    startLat: inProgress.lat + 0.0003,
    startLon: inProgress.lon - 0.0002,
    startAccuracyM: 14,
    startFixAt: started,
  });
  await db()
    .update(workplaces)
    .set({ routeStatus: "em_andamento", inProgressBy: campo?.id ?? null })
    .where(eq(workplaces.id, inProgress.id));
  // Finished visits over the last weeks, with photos.
  const contracts = ["Shopping", "Shopping", "Escola", "Hotel", "Condomínio", "Feira", "Faculdade", null];
  for (const [i, w] of created.slice(5, 17).entries()) {
    const finishedAt = new Date(Date.now() - (i + 1) * 2.3 * 86_400_000);
    const startedAt = new Date(finishedAt.getTime() - (40 + i * 9) * 60_000);
    const photo =
      i % 3 === 2
        ? null
        : await storeUpload(
            { fieldName: "photo", fileName: `visita-${i + 1}.jpg`, bytes: await demoPhoto(i) },
            {
              purpose: VISIT_PHOTO_PURPOSE,
              allowed: IMAGE_KINDS,
              typeMessage: "foto",
              createdBy: campo?.id ?? null,
              maxImageSide: VISIT_PHOTO_MAX_SIDE,
            },
          );
    const outsourced = contracts[i % contracts.length] === null;
    const ops = {
      brigadePhone: `(61) 3${String(200 + i)}-${String(4000 + i * 13)}`,
      basicFirefighters: 2 + (i % 6),
      lifeguards: i % 3,
      hasBrigadeLeader: i % 2 === 0,
      hasMasterFirefighter: i % 4 === 0,
      totalWorkers: 40 + i * 17,
      dayWorkers: 25 + i * 10,
      nightWorkers: 15 + i * 7,
      outsourced,
      directContractType: outsourced ? null : contracts[i % contracts.length],
    };
    const r = await routeFor(w, {
      routeDate: finishedAt.toISOString().slice(0, 10),
      status: "concluida",
      startedBy: campo?.id ?? null,
      startedAt,
      startLat: w.lat + 0.0002,
      startLon: w.lon + 0.0001,
      startAccuracyM: 10 + i,
      startFixAt: startedAt,
      finishedBy: campo?.id ?? null,
      finishedAt,
      finishLat: w.lat - 0.0001,
      finishLon: w.lon + 0.0002,
      finishAccuracyM: 8 + i,
      finishFixAt: finishedAt,
      finishToken: `demo-visita-${String(i).padStart(8, "0")}`,
      photoFileId: photo?.id ?? null,
      ...ops,
    });
    await db()
      .update(workplaces)
      .set({ ...ops, routeStatus: "concluida", lastVisitAt: finishedAt, lastRouteId: r.id })
      .where(eq(workplaces.id, w.id));
  }
}
