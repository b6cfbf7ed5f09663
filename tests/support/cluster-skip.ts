import fs from "node:fs";
import { HAPROXY } from "../../scripts/lib/cluster.js";
import { testDriver } from "./database";

/**
 * Why a test of several instances behind HAProxy is skipped here (said once on the console), or
 * null: it runs only in the PostgreSQL leg, with haproxy installed.
 */
export function clusterSkipReason(file: string, what: string): string | null {
  const reason =
    testDriver() !== "postgres"
      ? `TEST_DB não é postgres: ${what} roda só na etapa PostgreSQL`
      : !fs.existsSync(HAPROXY)
        ? `haproxy não encontrado em ${HAPROXY} (apt-get install -y haproxy, ou defina HAPROXY_PATH)`
        : null;
  if (reason) console.warn(`${file} PULADO: ${reason}`);
  return reason;
}
