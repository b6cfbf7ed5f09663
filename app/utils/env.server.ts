import { z } from "zod";
import { parseTrustProxy } from "./trust-proxy";
import { PIX_LIMITS, pixKeyProblem, pixText } from "~/lib/pix";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "yes");

/** A flag that is on unless set to a false value. */
const flagDefaultOn = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((v) => !(v === "0" || v === "false" || v === "no"));

/** Every environment variable the app reads, validated once at start-up (documented in README). */
const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    APP_URL: z.string().url().optional(),
    DATABASE_URL: z.string().url().optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    DATA_DIR: z.string().default("./data"),
    PGLITE_DATA_DIR: z.string().optional(),
    SESSION_SECRET: z.string().min(32).optional(),
    COOKIE_SECURE: z.enum(["true", "false"]).optional(),
    // A hop count or the proxies' addresses (ADR 091); "true" means one hop.
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx) => {
        try {
          return parseTrustProxy(v);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
          return z.NEVER;
        }
      }),
    MAINTENANCE_MODE: flag,
    SEED_DEMO: z.enum(["auto", "true", "false"]).default("auto"),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default("Sindicato <nao-responda@localhost>"),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
    // Refused staff actions written to the audit log, per user per minute and instance (ADR 182).
    AUDIT_REFUSALS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
    // Instagram block (brief item 13): no token → no sync, the block shows its empty state.
    INSTAGRAM_ACCESS_TOKEN: z.string().optional(),
    INSTAGRAM_API_URL: z.string().url().default("https://graph.instagram.com"),
    INSTAGRAM_SYNC_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(60),
    INSTAGRAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    // Postal-code lookup (ViaCEP API: GET /ws/{cep}/json/), called by the server only.
    CEP_API_URL: z.string().url().default("https://viacep.com.br"),
    CEP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    // Geocoder (Nominatim API: GET /search), server side only, one request per second across instances.
    GEOCODER_URL: z.string().url().default("https://nominatim.openstreetmap.org"),
    GEOCODER_USER_AGENT: z.string().min(3).default("SindicatoBombeirosDF/1.0"),
    // Who the geocoder's operators can reach (e-mail or site); APP_URL when unset.
    GEOCODER_CONTACT: z.string().min(3).optional(),
    GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    // Background jobs (ADR 080): a worker in every instance, polling the jobs table.
    JOBS_ENABLED: flagDefaultOn,
    JOBS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(20).default(2),
    JOBS_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    // Map tiles ('Mapa do Sindicato'); the tile host is added to the CSP img-src.
    MAP_TILE_URL: z.string().default("https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"),
    MAP_TILE_ATTRIBUTION: z.string().default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
    // The union's PIX receiver for the charges' BR Codes (issue 11, ADR 151): all three or none.
    PIX_KEY: z.string().optional(),
    PIX_RECEIVER_NAME: z.string().optional(),
    PIX_CITY: z.string().optional(),
  })
  .superRefine((e, ctx) => {
    const pix = [e.PIX_KEY, e.PIX_RECEIVER_NAME, e.PIX_CITY];
    if (pix.every((v) => v === undefined)) return;
    if (pix.some((v) => v === undefined)) {
      ctx.addIssue({ code: "custom", path: ["PIX_KEY"], message: "defina PIX_KEY, PIX_RECEIVER_NAME e PIX_CITY juntas (ou nenhuma)." });
      return;
    }
    const keyProblem = pixKeyProblem(e.PIX_KEY!);
    if (keyProblem) ctx.addIssue({ code: "custom", path: ["PIX_KEY"], message: keyProblem });
    if (!pixText(e.PIX_RECEIVER_NAME!, PIX_LIMITS.receiverName)) {
      ctx.addIssue({ code: "custom", path: ["PIX_RECEIVER_NAME"], message: "precisa ter letras ou números." });
    }
    if (!pixText(e.PIX_CITY!, PIX_LIMITS.city))
      ctx.addIssue({ code: "custom", path: ["PIX_CITY"], message: "precisa ter letras ou números." });
  });

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    // An empty variable (`DATABASE_URL=`) means "not set".
    const present = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== ""));
    const parsed = schema.safeParse(present);
    if (!parsed.success) {
      const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
      throw new Error(`Configuração inválida nas variáveis de ambiente:\n${lines}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Tests change the environment between runs of the same process. */
export function resetEnvCache() {
  cached = undefined;
}

export function isProduction() {
  return env().NODE_ENV === "production";
}

export function appUrl() {
  return (env().APP_URL ?? `http://localhost:${env().PORT}`).replace(/\/$/, "");
}

export function cookieSecure() {
  const e = env();
  return e.COOKIE_SECURE ? e.COOKIE_SECURE === "true" : e.NODE_ENV === "production";
}

export type PixSettings = { key: string; receiverName: string; city: string };

/**
 * The union's PIX receiver from PIX_KEY, PIX_RECEIVER_NAME and PIX_CITY (validated at start-up),
 * or null when they are not set. A setting edited by admin takes precedence (issue 11).
 */
export function pixSettingsFromEnv(): PixSettings | null {
  const e = env();
  if (!e.PIX_KEY || !e.PIX_RECEIVER_NAME || !e.PIX_CITY) return null;
  return { key: e.PIX_KEY, receiverName: e.PIX_RECEIVER_NAME, city: e.PIX_CITY };
}
