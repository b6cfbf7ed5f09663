import fs from "node:fs";
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

/**
 * Every environment variable the app reads, validated once at start-up (documented in the README's
 * configuration table and in .env.example; a test checks both list every one of them).
 */
const shape = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  APP_URL: z.string().url().optional(),
  // Where visitors get this version's source (AGPL-3.0 §13, ADR 243): a link in the public footer.
  SOURCE_CODE_URL: z.string().url().optional(),
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
  // Production without e-mail, said out loud (ADR 244): messages go to $DATA_DIR/outbox as without SMTP_URL.
  EMAIL_DISABLED: flag,
  MAIL_FROM: z.string().default("Sindicato <nao-responda@localhost>"),
  // Replies by e-mail to service records (issue 22 §5, ADR 264): the domain of the Reply-To
  // address `atendimento+<PROTOCOLO>-<código>@domínio`; unset, notices carry no Reply-To.
  SERVICE_REPLY_DOMAIN: z
    .string()
    .regex(
      /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i,
      "precisa ser um domínio, ex. sindicato.exemplo.org",
    )
    .optional(),
  // The local SMTP receiver of those replies (ADR 264): off unless a port is given.
  INBOUND_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().default("127.0.0.1"),
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
});

const schema = shape.superRefine((e, ctx) => {
  if (e.INBOUND_SMTP_PORT !== undefined && !e.SERVICE_REPLY_DOMAIN) {
    ctx.addIssue({
      code: "custom",
      path: ["INBOUND_SMTP_PORT"],
      message: "defina também SERVICE_REPLY_DOMAIN (o domínio dos endereços de resposta).",
    });
  }
  if (e.EMAIL_DISABLED && e.SMTP_URL) {
    ctx.addIssue({ code: "custom", path: ["EMAIL_DISABLED"], message: "defina SMTP_URL ou EMAIL_DISABLED=true, não as duas." });
  }
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

/**
 * Secrets that may come from a file instead (`SESSION_SECRET_FILE=/run/secrets/session`, a Docker
 * secret or a systemd credential): the file's content, without its trailing newline (ADR 244).
 */
export const FILE_VARIABLES = ["DATABASE_URL", "SESSION_SECRET", "SMTP_URL", "INSTAGRAM_ACCESS_TOKEN"] as const;

/** The names env() reads: every setting, and the `_FILE` form of each secret. */
export function environmentVariables(): string[] {
  return [...Object.keys(shape.shape), ...FILE_VARIABLES.map((name) => `${name}_FILE`)];
}

type Source = Record<string, string | undefined>;
type Issue = { path: readonly PropertyKey[]; message: string };

/** The variables as the schema sees them: empty ones (`DATABASE_URL=`) dropped, `*_FILE` read. */
function readEnvironment(source: Source, issues: Issue[]) {
  const present: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) if (value !== undefined && value !== "") present[name] = value;
  for (const name of FILE_VARIABLES) {
    const file = present[`${name}_FILE`];
    if (file === undefined) continue;
    const path = [`${name}_FILE`];
    if (present[name] !== undefined) {
      issues.push({ path, message: `defina ${name} ou ${name}_FILE, não as duas.` });
      continue;
    }
    let content: string;
    try {
      content = fs.readFileSync(file, "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "erro";
      issues.push({ path, message: `não foi possível ler o arquivo ${file} (${code}).` });
      continue;
    }
    // `echo segredo > arquivo` and most editors end the file with a newline: it is not part of the secret.
    content = content.replace(/\r?\n$/, "");
    if (content === "") issues.push({ path, message: `o arquivo ${file} está vazio.` });
    else present[name] = content;
  }
  return present;
}

/** A configuration error: scripts/start-prod.js prints its message alone (no stack) and exits 1. */
function configError(message: string) {
  return Object.assign(new Error(message), { code: "CONFIGURACAO_INVALIDA" });
}

function invalid(issues: readonly Issue[]) {
  const lines = issues.map((i) => `  ${i.path.map(String).join(".")}: ${i.message}`).join("\n");
  return configError(`Configuração inválida nas variáveis de ambiente:\n${lines}`);
}

/** Parses a set of variables (process.env in env()); throws a pt-BR error naming each bad one. */
export function parseEnv(source: Source): Env {
  const issues: Issue[] = [];
  const present = readEnvironment(source, issues);
  const parsed = schema.safeParse(present);
  const all = [...issues, ...(parsed.success ? [] : parsed.error.issues)];
  if (all.length || !parsed.success) throw invalid(all);
  return parsed.data;
}

/**
 * What a production server must be told (issue 21 §4, ADR 244): with NODE_ENV=production and a
 * DATABASE_URL (a real install, not the embedded demo), a missing APP_URL, SMTP_URL or
 * SESSION_SECRET would only degrade quietly (reset links to localhost, e-mail in one instance's
 * outbox, throttles per instance), so the server refuses to start and names each one.
 * EMAIL_DISABLED=true is the explicit way to run without e-mail.
 */
const productionRequirements = z.custom<Env>().superRefine((e, ctx) => {
  if (e.NODE_ENV !== "production" || !e.DATABASE_URL) return;
  const missing = (name: string, message: string) =>
    ctx.addIssue({ code: "custom", path: [name], message: `obrigatória em produção com DATABASE_URL: ${message}` });
  if (!e.APP_URL)
    missing("APP_URL", "o endereço público do site, ex. https://www.sindicato.exemplo.org (links dos e-mails, RSS, sitemap).");
  if (!e.SMTP_URL && !e.EMAIL_DISABLED)
    missing(
      "SMTP_URL",
      "o servidor de e-mail, ex. smtps://usuario:senha@smtp.exemplo.org:465 (ou SMTP_URL_FILE). Para rodar sem e-mail, defina EMAIL_DISABLED=true.",
    );
  if (!e.SESSION_SECRET)
    missing(
      "SESSION_SECRET",
      "o segredo de assinatura, o mesmo em todas as instâncias; gere com openssl rand -base64 48 (ou use SESSION_SECRET_FILE).",
    );
});

/** Throws when the production server lacks a setting it needs (see productionRequirements). */
export function checkServerConfig(e: Env = env()) {
  const parsed = productionRequirements.safeParse(e);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.map(String).join(".")}: ${i.message}`).join("\n");
    throw configError(`Configuração incompleta para produção (NODE_ENV=production com DATABASE_URL):\n${lines}`);
  }
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
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
