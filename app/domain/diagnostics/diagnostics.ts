/**
 * The diagnostics page's data (ADR 082) and its labels. Not a .server module: the page's
 * components render it.
 */
import type { AppJobName } from "~/jobs/app-jobs.server";

export const JOB_STATES = ["queued", "running", "failed", "done"] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_STATE_LABELS: Record<JobState, string> = {
  queued: "Na fila",
  running: "Em execução",
  failed: "Falharam",
  done: "Concluídas",
};

/**
 * The page's job figures: the queue's states, with the queued jobs that already failed an attempt
 * and wait to be tried again ("retrying") counted apart from the others. A failure listed under
 * "Últimas falhas" is so always in a figure above it: "Falharam" (for good), "Aguardando nova
 * tentativa", or "Concluídas" when a later attempt worked. The figures add up to every job.
 */
export const JOB_FIGURES = ["queued", "retrying", "running", "failed", "done"] as const;
export type JobFigure = (typeof JOB_FIGURES)[number];

export const JOB_FIGURE_LABELS: Record<JobFigure, string> = {
  ...JOB_STATE_LABELS,
  retrying: "Aguardando nova tentativa",
};

export const DIAGNOSTICS_MESSAGES = {
  title: "Diagnóstico do sistema",
  noRecord: "sem registro",
  sectionError: "Não foi possível ler esta parte agora",
  noFailures: "Nenhuma falha registrada.",
  noPosts: "Nenhum post do Instagram armazenado.",
} as const;

/**
 * What each background task and each kind of stored file is, in words an administrator reads
 * (the page shows the code beside it, as the logs name it). A code not listed shows alone.
 */
export const JOB_LABELS: Record<string, string> = {
  "database-backup": "Cópia de segurança do banco",
  "finance-charge-batch": "Geração das cobranças do mês",
  "geocode-workplace": "Localização do posto no mapa",
  housekeeping: "Limpeza periódica",
  "instagram-sync": "Atualização dos posts do Instagram",
  "send-email": "Envio de e-mail",
  "service-deadline-reminders": "Lembretes de prazo dos atendimentos",
  "spreadsheet-import": "Importação de planilha",
} satisfies Record<AppJobName, string>;

export const FILE_PURPOSE_LABELS: Record<string, string> = {
  agreement: "PDFs de convenções",
  "complaint-evidence": "Provas anexadas a denúncias",
  "import-members": "Planilhas de filiados importadas",
  "import-workplaces": "Planilhas de postos importadas",
  "instagram-image": "Imagens do Instagram",
  "member-photo": "Fotos de filiados",
  "news-cover": "Capas de notícias",
  "partner-logo": "Logotipos de parceiros",
  "service-attachment": "Anexos de atendimentos",
  "service-reply": "Anexos de respostas por e-mail",
  "visit-photo": "Fotos de visitas",
};

/** The label of a coded name, or undefined when it has none (own keys only). */
export function codeLabel(labels: Record<string, string>, code: string): string | undefined {
  return Object.hasOwn(labels, code) ? labels[code] : undefined;
}

export type Section<T> = { ok: true; data: T } | { ok: false; error: string };

export type DatabaseInfo = {
  driver: "PostgreSQL" | "PGlite (embutido)";
  serverVersion: string;
  roundTripMs: number;
  migrationsApplied: number;
  migrationsKnown: number;
  latestMigration: string | null;
  pending: string[];
};

export type FileStoreInfo = {
  count: number;
  bytes: number;
  byPurpose: Array<{ purpose: string; count: number; bytes: number }>;
};

export type EmailInfo =
  { mode: "smtp"; host: string; reachable: boolean; ms: number; error: string | null } | { mode: "outbox"; dir: string; files: number };

export type ServiceInfo = {
  service: string;
  label: string;
  configured: string;
  /** Null: the service was never called ("sem registro"). */
  record: {
    lastOk: boolean;
    lastSuccessAt: string | null;
    lastErrorAt: string | null;
    lastError: string | null;
    calls: number;
    failures: number;
  } | null;
};

export type JobsInfo = {
  /** `queued` without the jobs waiting to be retried, which are `retrying`. */
  counts: Record<JobFigure, number>;
  nextRunAt: string | null;
  failures: Array<{
    id: number;
    name: string;
    state: string;
    attempts: number;
    maxAttempts: number;
    lastError: string | null;
    at: string;
    /** When a job that failed an attempt will be tried again (null once failed for good). */
    runAt: string | null;
  }>;
  schedules: Array<{ name: string; everySeconds: number; nextRunAt: string; lastEnqueuedAt: string | null }>;
};

export type CachedInstagramPost = { id: string; caption: string | null; media_url: string | null; timestamp: string };

export type Diagnostics = {
  generatedAt: string;
  database: Section<DatabaseInfo>;
  files: Section<FileStoreInfo>;
  email: Section<EmailInfo>;
  services: Section<ServiceInfo[]>;
  jobs: Section<JobsInfo>;
  instagramPosts: Section<CachedInstagramPost[]>;
};

/**
 * A service's last error as recorded ("network: cep: falha de rede (ECONNREFUSED)": the kind of
 * failure, the service, what happened) without the two codes in front, which the page's row
 * already says in words; a job's error ("geocoder: falha de rede (ENOTFOUND)") without the
 * service's code name.
 */
export function serviceErrorText(recorded: string) {
  return recorded.replace(/^(?:network|timeout|http|invalid|busy): (?:[a-z-]+: )?/, "").replace(/^(?:cep|geocoder|instagram): /, "");
}

/** 1 234 567 bytes → "1,2 MB" (pt-BR). */
export function formatBytes(bytes: number) {
  const units = ["bytes", "kB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${value.toLocaleString("pt-BR", { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${units[unit]}`;
}

/** 3600 → "a cada 60 min"; 86400 → "a cada 24 h". */
export function formatInterval(seconds: number) {
  if (seconds % 3600 === 0 && seconds >= 7200) return `a cada ${seconds / 3600} h`;
  if (seconds % 60 === 0) return `a cada ${seconds / 60} min`;
  return `a cada ${seconds} s`;
}
