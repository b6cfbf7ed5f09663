import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The slowest files start first (ADR 237). Vitest's own order runs the files it has timed longest
 * first, but a clean checkout (CI) has no timings and it falls back to the biggest files first,
 * so the form fuzz (a five-line file that runs for a minute and a half) started last and ran
 * alone at the end while the other worker idled. Listed here from slowest, by a CI run's times.
 */
const SLOW_FIRST = [
  // By the longer of a file's two legs in the CI run of 2026-11-29 (PGlite / PostgreSQL, seconds).
  "tests/integration/form-fuzz-staff.test.ts", // 62 / 27
  "tests/integration/form-fuzz-public.test.ts", // 28 / 14
  "tests/integration/query-fuzz.test.ts", // 27 / 20
  "tests/integration/backup-drill.test.ts", // 25 / 10
  // Several processes on PostgreSQL (skipped at once on PGlite): they ran last, with one worker idle.
  "tests/integration/release.test.ts", // – / 18
  "tests/integration/geocoder.test.ts", // 11 / 18
  "tests/integration/jobs-processes.test.ts", // – / 15
  "tests/integration/access-matrix.test.ts", // 15 / 12
  "tests/integration/two-instances.test.ts", // – / 12
  "tests/integration/member-area.test.ts", // 11 / 10
  "tests/integration/import-two-instances.test.ts", // – / 11
  "tests/integration/rolling-restart.test.ts", // – / 10
  "tests/integration/workplace-import.test.ts", // 10 / 7
  "tests/integration/html-validity.test.ts", // 10 / 7
  "tests/integration/backup.test.ts", // 9 / 2
  "tests/integration/complaint-submission.test.ts", // 9 / 4
  "tests/integration/field.test.ts", // 9 / 7
  "tests/integration/form-bodies.test.ts", // 9 / 6
  "tests/integration/create-admin.test.ts", // 8 / 3
  "tests/integration/sigterm-drain.test.ts", // 8 / 4
  "tests/integration/web-concurrency.test.ts", // 7 / 5
  "tests/integration/complaint-dump.test.ts", // 2 / 6
  "tests/integration/concurrent-migrations.test.ts", // – / 6
];

function rank(spec: TestSpecification) {
  const i = SLOW_FIRST.findIndex((p) => spec.moduleId.replaceAll("\\", "/").endsWith(p));
  return i < 0 ? SLOW_FIRST.length : i;
}

export class SlowFirstSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const base = await super.sort(files);
    const index = new Map(base.map((spec, i) => [spec, i]));
    // Within a project, the listed files first (in their order), then Vitest's order; projects stay as Vitest ordered them.
    return [...base].sort((a, b) => (a.project.name === b.project.name ? rank(a) - rank(b) : 0) || index.get(a)! - index.get(b)!);
  }
}
