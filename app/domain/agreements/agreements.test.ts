import { describe, expect, it } from "vitest";
import { fileTypeFromBuffer } from "file-type";
import { AGREEMENT_MESSAGES, downloadNameFor, agreementActionSchema, showingCount, statusFromValidTo } from "./agreement.schema";
import { applyPublicFilters, availableYears, filtersToSearch, parsePublicFilters } from "./public-filters";
import { nextStatus } from "./update-agreement.server";
import { samplePdf } from "./sample-pdf";

const base = { title: "CCT", description: "Cláusulas", company: "Empresa", validFrom: "2026-01-01", validTo: "2026-12-31" };

describe("status from the end date (Brasília calendar dates)", () => {
  it("is active through the last day and expired the day after", () => {
    expect(statusFromValidTo("2026-11-21", "2026-11-21")).toBe("active");
    expect(statusFromValidTo("2026-11-22", "2026-11-21")).toBe("active");
    expect(statusFromValidTo("2026-11-20", "2026-11-21")).toBe("expired");
    expect(statusFromValidTo("2025-12-31", "2026-01-01")).toBe("expired");
  });

  it("on edit: draft when kept as draft; recomputed when leaving draft or when the end date changes; kept otherwise", () => {
    const today = "2026-11-21";
    expect(nextStatus({ status: "active", validTo: "2026-12-31" }, { draft: true, validTo: "2026-12-31" }, today)).toBe("draft");
    expect(nextStatus({ status: "draft", validTo: "2026-12-31" }, { draft: false, validTo: "2026-12-31" }, today)).toBe("active");
    expect(nextStatus({ status: "draft", validTo: "2026-01-31" }, { draft: false, validTo: "2026-01-31" }, today)).toBe("expired");
    expect(nextStatus({ status: "active", validTo: "2026-12-31" }, { draft: false, validTo: "2026-10-31" }, today)).toBe("expired");
    expect(nextStatus({ status: "expired", validTo: "2026-10-31" }, { draft: false, validTo: "2027-10-31" }, today)).toBe("active");
    // End date unchanged: the stored status stays (the original recomputes only on create and end-date change).
    expect(nextStatus({ status: "active", validTo: "2026-10-31" }, { draft: false, validTo: "2026-10-31" }, today)).toBe("active");
  });
});

describe("the form schema", () => {
  it("requires title, description, company and both dates, with pt-BR messages", () => {
    const run = (values: Record<string, string>) => {
      try {
        agreementActionSchema.parse({ intent: "create", ...values });
        return [];
      } catch (e) {
        return (e as { issues: { message: string }[] }).issues.map((i) => i.message);
      }
    };
    const messages = run({ title: " ", description: "", company: "", validFrom: "", validTo: "" });
    expect(messages).toEqual(
      expect.arrayContaining([
        AGREEMENT_MESSAGES.titleRequired,
        AGREEMENT_MESSAGES.descriptionRequired,
        AGREEMENT_MESSAGES.companyRequired,
        AGREEMENT_MESSAGES.validFromRequired,
        AGREEMENT_MESSAGES.validToRequired,
      ]),
    );
    // An impossible day says which (ADR 193).
    expect(run({ ...base, validFrom: "2026-02-30" })).toEqual(["30/02/2026 não existe: fevereiro de 2026 tem 28 dias."]);
    expect(run({ ...base, validFrom: "2026-06-01", validTo: "2026-05-31" })).toEqual([AGREEMENT_MESSAGES.dateOrder]);
    expect(run({ ...base, validFrom: "2026-06-01", validTo: "2026-06-01" })).toEqual([]);
  });

  it("reads the isPublic switch and the draft checkbox as present/absent", () => {
    const a = agreementActionSchema.parse({ intent: "create", ...base, isPublic: "on" });
    expect(a).toMatchObject({ intent: "create", isPublic: true, draft: false, title: "CCT" });
    const b = agreementActionSchema.parse({ intent: "create", ...base, draft: "on" });
    expect(b).toMatchObject({ isPublic: false, draft: true });
  });
});

describe("public filters", () => {
  const rows = [
    { validFrom: "2026-01-01", status: "active" },
    { validFrom: "2025-05-01", status: "active" },
    { validFrom: "2025-01-01", status: "expired" },
    { validFrom: "2024-03-01", status: "expired" },
  ];
  it("derives years from validFrom, newest first", () => {
    expect(availableYears(rows)).toEqual(["2026", "2025", "2024"]);
  });
  it("filters by year and status, and ignores unknown values", () => {
    expect(applyPublicFilters(rows, parsePublicFilters(new URLSearchParams("ano=2025")))).toHaveLength(2);
    expect(applyPublicFilters(rows, parsePublicFilters(new URLSearchParams("ano=2025&status=expirada")))).toEqual([rows[2]]);
    // Drafts are never public: there is no such filter, so an old link shows everything.
    expect(applyPublicFilters(rows, parsePublicFilters(new URLSearchParams("status=rascunho")))).toHaveLength(4);
    expect(applyPublicFilters(rows, parsePublicFilters(new URLSearchParams("ano=abc&status=x")))).toHaveLength(4);
    expect(filtersToSearch({ year: "todos", status: "todos" })).toBe("");
    expect(filtersToSearch({ year: "2025", status: "vigente" })).toBe("?ano=2025&status=vigente");
  });
  it("counts as the original does", () => {
    expect(showingCount(2, 5)).toBe("Exibindo 2 de 5 convenções");
  });
});

describe("download name", () => {
  it("is the file name, else the title plus .pdf", () => {
    expect(downloadNameFor({ fileName: "cct-2026.pdf", title: "CCT 2026" })).toBe("cct-2026.pdf");
    expect(downloadNameFor({ fileName: null, title: "CCT 2026/2027" })).toBe("CCT 2026-2027.pdf");
  });
});

describe("the hand-written sample PDF", () => {
  it("is detected as a PDF by content and has a consistent cross-reference table", async () => {
    const pdf = samplePdf("Convenção Coletiva – 2026", ["Cláusula 1ª (reajuste)"]);
    expect((await fileTypeFromBuffer(pdf))?.mime).toBe("application/pdf");
    const text = pdf.toString("latin1");
    const startxref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe("xref");
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((off, i) => expect(text.slice(off, off + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    expect(text).toContain("(Convenção Coletiva ? 2026)"); // en dash is outside Latin-1
    expect(text).toContain("\\(reajuste\\)");
  });
});
