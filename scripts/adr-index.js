// `node scripts/adr-index.js`: writes docs/decisions/README.md, the index of the decisions
// (number, title, status, what amended or superseded each one), from the files themselves.
// A unit test checks that the committed index is what this script writes.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../docs/decisions");

/** Every decision: number, file, title, status word, and the earlier decisions it changes. */
export function readDecisions(dir = DIR) {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{3}-.*\.md$/.test(f))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(dir, file), "utf8");
      const number = Number(file.slice(0, 3));
      const heading = text.split("\n").find((l) => l.startsWith("# ")) ?? file;
      const title = heading.replace(/^#\s*\d{3}\s*(?:[—.:-]\s*)?/, "").trim();
      const statusLine = text.split("\n").find((l) => /^status\s*:/i.test(l.trim())) ?? "";
      const status = (statusLine.replace(/^status\s*:\s*/i, "").match(/^[\p{L}-]+/u)?.[0] ?? "—").toLowerCase();
      // "supersedes/replaces/amends … ADR 086, 123 and 141": the earlier decisions it changes.
      const changes = [];
      for (const m of statusLine.matchAll(/\b(supersedes|replaces|amends)\b(.*?)(?=;|,\s*follows|$)/gi)) {
        const verb = m[1].toLowerCase() === "amends" ? "amended" : "superseded";
        for (const n of m[2].match(/\b\d{3}\b/g) ?? []) if (Number(n) < number) changes.push({ target: Number(n), verb });
      }
      return { number, file, title, status, changes };
    });
}

export function renderIndex(decisions = readDecisions()) {
  const by = new Map();
  for (const d of decisions)
    for (const c of d.changes)
      by.set(c.target, [...(by.get(c.target) ?? []), `${c.verb} by [${String(d.number).padStart(3, "0")}](${d.file})`]);
  const rows = decisions.map(
    (d) =>
      `| [${String(d.number).padStart(3, "0")}](${d.file}) | ${d.title.replace(/\|/g, "\\|")} | ${d.status} | ${(by.get(d.number) ?? []).join("; ")} |`,
  );
  return [
    "# Decisions",
    "",
    "Each file records one decision: its context, what was decided and what follows. This index is",
    "written by `node scripts/adr-index.js` from the files (a unit test keeps it current); the last",
    "column lists the later decisions that amended or superseded each one.",
    "",
    "| ADR | Title | Status | Changed later |",
    "| --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(path.join(DIR, "README.md"), renderIndex());
  console.log(`docs/decisions/README.md: ${readDecisions().length} decisões.`);
}
