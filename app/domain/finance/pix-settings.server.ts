import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { appSettings } from "~/db/schema";
import { authorize, type Actor } from "~/auth/authorize";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { PIX_KEY_TYPE_LABELS, PIX_LIMITS, parsePixKey, pixKeyProblem, pixText } from "~/lib/pix";
import { pixSettingsFromEnv, type PixSettings } from "~/utils/env.server";
import type { PixSettingsInput } from "./pix.schema";

/**
 * The union's PIX receiver (issue 11, ADR 157): the setting admin saves on the conciliation
 * screen (`app_settings` row `pix_settings`) takes precedence over PIX_KEY, PIX_RECEIVER_NAME
 * and PIX_CITY; without either, the charge pages say how to configure it. The demo seed saves
 * an example key flagged `example: true`, which every page showing a code marks as such.
 */
export const PIX_SETTINGS_KEY = "pix_settings";

export type StoredPixSettings = PixSettings & { example?: boolean };
export type PixConfig =
  | { configured: true; source: "setting" | "env"; settings: PixSettings; example: boolean; keyTypeLabel: string }
  | { configured: false; source: null };

function valid(v: unknown): v is StoredPixSettings {
  if (!v || typeof v !== "object") return false;
  const s = v as Record<string, unknown>;
  return (
    typeof s.key === "string" &&
    typeof s.receiverName === "string" &&
    typeof s.city === "string" &&
    pixKeyProblem(s.key) === null &&
    pixText(s.receiverName, PIX_LIMITS.receiverName) !== "" &&
    pixText(s.city, PIX_LIMITS.city) !== ""
  );
}

function config(settings: StoredPixSettings, source: "setting" | "env"): PixConfig {
  const key = parsePixKey(settings.key)!;
  return {
    configured: true,
    source,
    settings: { key: key.value, receiverName: settings.receiverName, city: settings.city },
    example: settings.example === true,
    keyTypeLabel: PIX_KEY_TYPE_LABELS[key.type],
  };
}

/** The PIX receiver in force: admin's setting, else the environment, else not configured. */
export async function getPixConfig(): Promise<PixConfig> {
  const [row] = await db().select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, PIX_SETTINGS_KEY));
  const env = pixSettingsFromEnv();
  // The demo's example key never hides a real one set in the environment.
  if (row && valid(row.value) && !(row.value.example && env)) return config(row.value, "setting");
  if (env) return config(env, "env");
  return { configured: false, source: null };
}

/** Admin saves the PIX receiver (already validated by pixSettingsSchema); audited, no longer an example. */
export async function savePixSettings(actor: Actor, input: PixSettingsInput) {
  authorize(actor, "finance.pix-settings");
  const key = parsePixKey(input.key)!;
  const value: StoredPixSettings = { key: key.value, receiverName: input.receiverName, city: input.city };
  const before = await getPixConfig();
  const old = before.configured ? before.settings : null;
  const changed = (["key", "receiverName", "city"] as const).filter((k) => old?.[k] !== value[k]);
  if (before.configured && before.example && !changed.includes("key")) changed.push("key");
  await db().transaction(async (tx) => {
    await tx
      .insert(appSettings)
      .values({ key: PIX_SETTINGS_KEY, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
    await recordAudit(tx, actor, "pix-settings.updated", PIX_SETTINGS_KEY, {
      keyType: PIX_KEY_TYPE_LABELS[key.type],
      receiverName: input.receiverName,
      city: input.city,
      changed,
    });
  });
}

/** Demo seed: an example receiver (a random key no one owns), flagged so every page says it is an example. */
export const DEMO_PIX_SETTINGS: StoredPixSettings = {
  key: "7f6844d0-de89-47e5-9ef7-e0a35a681615",
  receiverName: "Sindicato Bombeiros Civis DF (exemplo)",
  city: "Brasília",
  example: true,
};

export async function seedDemoPixSettings() {
  await db().insert(appSettings).values({ key: PIX_SETTINGS_KEY, value: DEMO_PIX_SETTINGS }).onConflictDoNothing();
}
