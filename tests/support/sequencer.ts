import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The slowest files start first (ADR 237). Vitest's own order runs the files it has timed longest
 * first, but a clean checkout (CI) has no timings and it falls back to the biggest files first,
 * so the form fuzz (a five-line file that runs for a minute and a half) started last and ran
 * alone at the end while the other worker idled. Listed here from slowest, by a CI run's times.
 */
const SLOW_FIRST = [
  "tests/integration/form-fuzz-staff.test.ts",
  "tests/integration/query-fuzz.test.ts",
  "tests/integration/access-matrix.test.ts",
  "tests/integration/form-fuzz-public.test.ts",
  "tests/integration/create-admin.test.ts",
  "tests/integration/form-bodies.test.ts",
  "tests/integration/workplace-import.test.ts",
  "tests/integration/no-500.test.ts",
  "tests/integration/html-validity.test.ts",
  "tests/integration/backup.test.ts",
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
