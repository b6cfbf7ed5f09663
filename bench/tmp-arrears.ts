import { performance } from "node:perf_hooks";
import { openDatabase } from "~/db/client.server";
import { arrearsReport } from "~/domain/finance/reports.server";
await openDatabase({ url: process.argv[2], poolMax: 4 });
const actor = { id: "00000000-0000-0000-0000-000000000000", role: "admin", name: "x" } as any;
const ts: number[] = [];
for (let k = 0; k < 12; k++) {
  const t0 = performance.now();
  await new Response((await arrearsReport(actor)).csv).arrayBuffer();
  ts.push(performance.now() - t0);
}
ts.sort((a, b) => a - b); console.log("p50", ts[6].toFixed(1), "min", ts[0].toFixed(1), "max", ts[11].toFixed(1));
process.exit(0);
