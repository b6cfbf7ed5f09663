/** Audit events of the field area: workplaces (postos) and field routes (rotas). No contacts (phone, e-mail) in the data. */
import { z } from "zod";
import { auditEvent } from "../audit-event";

const positionSource = z.enum(["geocoder", "manual", "approximate"]);
const point = z.strictObject({ lat: z.number(), lon: z.number() });

export const FIELD_ENTITIES = { workplace: "Posto", "field-route": "Rota" } as const;

const sourceLabels = { positionSource: { geocoder: "Geocodificador", manual: "Ajuste manual", approximate: "Aproximada" } };
const fields = {
  code: "Código",
  positionSource: "Origem da posição",
  changed: "Campos alterados",
  confirmedNotDuplicateOf: "Confirmado que não duplica",
};

export const FIELD_EVENTS = {
  "workplace.created": auditEvent({
    label: "Posto criado",
    entityType: "workplace",
    data: z.strictObject({
      code: z.string(),
      name: z.string(),
      city: z.string(),
      positionSource,
      confirmedNotDuplicateOf: z.array(z.string()).optional(),
    }),
    fields,
    values: sourceLabels,
  }),
  "workplace.updated": auditEvent({
    label: "Posto alterado",
    entityType: "workplace",
    data: z.strictObject({
      code: z.string(),
      name: z.string(),
      changed: z.array(z.string()),
      confirmedNotDuplicateOf: z.array(z.string()).optional(),
    }),
    fields,
  }),
  "workplace.pin-moved": auditEvent({
    label: "Posição do posto ajustada no mapa",
    entityType: "workplace",
    data: z.strictObject({ code: z.string(), from: point, to: point }),
    fields: { ...fields, from: "De", to: "Para" },
  }),
  "workplace.imported": auditEvent({
    label: "Planilha de postos importada",
    entityType: "workplace",
    data: z.strictObject({
      total: z.number(),
      created: z.number(),
      updated: z.number(),
      rejected: z.number(),
      possibleDuplicatesConfirmed: z.number().optional(),
    }),
    fields: {
      total: "Linhas",
      created: "Criados",
      updated: "Atualizados",
      rejected: "Rejeitadas",
      possibleDuplicatesConfirmed: "Possíveis duplicados confirmados",
    },
  }),
  "field-route.created": auditEvent({
    label: "Rota criada",
    entityType: "field-route",
    data: z.strictObject({ name: z.string(), routeDate: z.string(), workplaceId: z.string().nullable() }),
    fields: { routeDate: "Dia da rota", workplaceId: "Posto" },
  }),
  "field-route.started": auditEvent({
    label: "Rota iniciada",
    entityType: "field-route",
    data: z.strictObject({ name: z.string(), by: z.enum(["geolocation", "cep"]) }),
    fields: { by: "Posição por" },
    values: { by: { geolocation: "Localização do aparelho", cep: "CEP" } },
  }),
  "field-route.finished": auditEvent({
    label: "Rota finalizada",
    entityType: "field-route",
    data: z.strictObject({ name: z.string(), workplaceId: z.string().nullable(), photoFileId: z.string().nullable() }),
    fields: { workplaceId: "Posto", photoFileId: "Foto" },
  }),
};
