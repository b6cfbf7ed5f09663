import { z } from "zod";
import { cepField } from "~/lib/br/fields";
import { ROUTE_MESSAGES } from "./visit-route-rules";
import { dateField, idField, intField, labelledText, safeString } from "~/utils/fields";

/** Field routes' form schemas (issue 10); the messages and the finish rules are in visit-route-rules.ts. */
export {
  CONTRACT_TYPES,
  FINISH_FIELDS,
  parsePosition,
  ROUTE_MESSAGES,
  validateFinish,
  type FinishField,
  type Operational,
} from "./visit-route-rules";

const text = (max: number) => safeString().trim().max(max, `Máximo de ${max} caracteres.`).optional().default("");

export const createRouteSchema = z.object({
  intent: z.literal("create"),
  name: labelledText("Nome", 2, 160),
  description: labelledText("Descrição", 2, 1000, { multiline: true, gender: "f" }),
  cep: cepField({ required: ROUTE_MESSAGES.cepRequired }),
  /** Typed only while the CEP service is down; otherwise the address is the CEP's. */
  address: text(300),
  affiliates: intField({ min: 0, max: 100_000, message: "Número de filiados deve ser um número inteiro maior ou igual a 0.", fallback: 0 }),
  routeDate: dateField("Data da rota é obrigatória.", "Data da rota inválida."),
  workplaceId: z
    .union([z.literal(""), idField("Posto não encontrado.")])
    .optional()
    .transform((v) => v || null),
});

const coordinate = z.string().trim().max(40).optional().default("");
const position = {
  lat: coordinate,
  lon: coordinate,
  accuracy: coordinate,
  fixAt: coordinate,
  positionCep: text(9),
};

export const startRouteSchema = z.object({ intent: z.literal("start"), id: idField(ROUTE_MESSAGES.notFound), ...position });

export const finishRouteSchema = z.object({
  intent: z.literal("finish"),
  id: idField(ROUTE_MESSAGES.notFound),
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{16,64}$/, ROUTE_MESSAGES.finishError),
  brigadePhone: text(40),
  basicFirefighters: text(7),
  lifeguards: text(7),
  hasBrigadeLeader: text(3),
  hasMasterFirefighter: text(3),
  totalWorkers: text(7),
  dayWorkers: text(7),
  nightWorkers: text(7),
  outsourced: text(3),
  directContractType: text(40),
  directContractOther: text(120),
  /**
   * Observações da visita (issue 19 §12), optional. A form posts line breaks as \r\n: kept as
   * \n, so 2000 is counted as the field's own maxlength counts.
   */
  notes: safeString(undefined, true)
    .trim()
    .transform((s) => s.replace(/\r\n?/g, "\n"))
    .pipe(z.string().max(2000, "Observações: máximo de 2000 caracteres."))
    .optional()
    .default(""),
  ...position,
});

export const executeRouteActionSchema = z.discriminatedUnion("intent", [startRouteSchema, finishRouteSchema]);
export type FinishInput = z.infer<typeof finishRouteSchema>;
