import { z } from "zod";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "yes");

/** Every environment variable the app reads, validated once at start-up (documented in README). */
const schema = z.object({
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
  TRUST_PROXY: flag,
  MAINTENANCE_MODE: flag,
  SEED_DEMO: z.enum(["auto", "true", "false"]).default("auto"),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Sindicato <nao-responda@localhost>"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // Instagram block (brief item 13): no token → no sync, the block shows its empty state.
  INSTAGRAM_ACCESS_TOKEN: z.string().optional(),
  INSTAGRAM_API_URL: z.string().url().default("https://graph.instagram.com"),
  INSTAGRAM_SYNC_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(60),
  INSTAGRAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // Map tiles ('Mapa do Sindicato'); the tile host is added to the CSP img-src.
  MAP_TILE_URL: z.string().default("https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"),
  MAP_TILE_ATTRIBUTION: z
    .string()
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
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
