// One measurement of bench/imports/candidates.ts, in its own process: reads one file with one
// library the way an import would (the first sheet, stopping at the row cap when the library
// can stop), and prints one JSON line: wall time, peak RSS growth (VmHWM minus the RSS before
// reading), the longest event-loop delay (monitorEventLoopDelay, 5 ms), and what it read.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";

const [candidate, file] = process.argv.slice(2);
const CAP = 50_000;
const dir = process.env.BENCH_CANDIDATES_DIR ?? process.cwd();
const req = createRequire(path.join(path.resolve(dir), "package.json"));
const load = async (id: string) => import(pathToFileURL(req.resolve(id)).href);
const statusKb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(fs.readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0);

type Reader = (bytes: Buffer, filePath: string) => Promise<string>;
const readers: Record<string, () => Promise<Reader>> = {
  // What the app did before (ADR 141): load the whole workbook, then look at its size.
  exceljs: async () => {
    const ExcelJS = (await load("exceljs")).default;
    return async (bytes) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(bytes);
      const ws = wb.worksheets[0];
      return ws.actualRowCount > CAP + 1 ? `recusado: ${ws.actualRowCount} linhas` : `${ws.actualRowCount} linhas`;
    };
  },
  // exceljs's own streaming reader, stopped at the cap.
  "exceljs-stream": async () => {
    const ExcelJS = (await load("exceljs")).default;
    return async (bytes) => {
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), {
        sharedStrings: "cache",
        worksheets: "emit",
        styles: "cache",
        hyperlinks: "ignore",
      });
      let rows = 0;
      for await (const ws of reader) {
        for await (const _row of ws) if (++rows > CAP + 1) return `recusado ao passar de ${CAP + 1} linhas`;
        break;
      }
      return `${rows} linhas`;
    };
  },
  "read-excel-file": async () => {
    const { readSheet } = await load("read-excel-file/node");
    return async (bytes) => {
      const data = (await readSheet(bytes)) as unknown[][];
      return data.length > CAP + 1 ? `recusado: ${data.length} linhas` : `${data.length} linhas`;
    };
  },
  // Streams rows from a file on disk (node-stream-zip + sax), stopped at the cap.
  xlstream: async () => {
    const { getXlsxStream } = await load("xlstream");
    return async (_bytes, filePath) => {
      const stream = await getXlsxStream({ filePath, sheet: 0, ignoreEmpty: true });
      let rows = 0;
      for await (const _row of stream) {
        if (++rows > CAP + 1) {
          stream.destroy();
          return `recusado ao passar de ${CAP + 1} linhas`;
        }
      }
      return `${rows} linhas`;
    };
  },
  // This app's reader (ADR 173), through the members import's columns and cap.
  app: async () => {
    const { readSpreadsheet } = await import("~/domain/imports/spreadsheet.server");
    const { MEMBER_IMPORT_COLUMNS } = await import("~/domain/members/import-members.server");
    return async (bytes) => {
      try {
        return `${(await readSpreadsheet({ fileName: "a.xlsx", bytes }, { columns: MEMBER_IMPORT_COLUMNS, maxRows: CAP })).length} linhas`;
      } catch (error) {
        const e = error as { status?: number; message: string };
        return `recusado ${e.status}: ${e.message}`;
      }
    };
  },
};

async function main() {
  const make = readers[candidate];
  if (!make) throw new Error(`candidato desconhecido: ${candidate}`);
  const read = await make();
  const bytes = fs.readFileSync(file);
  await new Promise((r) => setTimeout(r, 50));
  const before = statusKb("VmRSS");
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const t = performance.now();
  let outcome: string;
  try {
    outcome = await read(bytes, file);
  } catch (error) {
    outcome = `erro: ${String((error as Error).message ?? error).slice(0, 100)}`;
  }
  const ms = performance.now() - t;
  // The timer that fires after a long synchronous stretch is what records it.
  await new Promise((r) => setTimeout(r, 30));
  h.disable();
  const peak = statusKb("VmHWM");
  process.stdout.write(
    JSON.stringify({
      candidate,
      seconds: Math.round(ms / 100) / 10,
      rssGrowthMb: Math.round((peak - before) / 1024),
      eventLoopMaxMs: Math.round(h.max / 1e5) / 10,
      outcome,
    }) + "\n",
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error?.stack ?? error}\n`);
    process.exit(1);
  },
);
