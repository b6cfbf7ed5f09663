import { describe, expect, it } from "vitest";
import { COMPLAINT_STATUS_LABELS } from "~/domain/complaints/complaint.schema";
import { STATUS_LABELS, UPCOMING_LABEL } from "~/domain/agreements/agreement-messages";
import { CONTACT_STATUS_LABELS } from "~/domain/contacts/contact-sectors";
import { NEWS_STATE_LABELS } from "~/domain/news/news.schema";

/**
 * Issue 13, item 1.9: each list of status badges agrees in gender with what it describes
 * ('Resolvida' beside 'Arquivado' read as a mistake). Participles (-ado/-ada, -ido/-ida) of one
 * list must all end alike.
 */
function genders(labels: string[]) {
  const endings = labels
    .flatMap((l) => l.split(/\s+/))
    .filter((w) => /^[\p{L}]+(ad|id)[oa]s?$/iu.test(w))
    .map((w) => w.replace(/s$/, "").slice(-1).toLowerCase());
  return [...new Set(endings)];
}

describe("status badges agree in gender within each list", () => {
  it("complaints (a denúncia): Pendente, Em Análise, Resolvida, Arquivada", () => {
    expect(Object.values(COMPLAINT_STATUS_LABELS)).toEqual(["Pendente", "Em Análise", "Resolvida", "Arquivada"]);
    expect(genders(Object.values(COMPLAINT_STATUS_LABELS))).toEqual(["a"]);
  });

  it("agreements (a convenção), with 'A vigorar' for one not yet in force", () => {
    expect(UPCOMING_LABEL).toBe("A vigorar");
    expect(genders([...Object.values(STATUS_LABELS), UPCOMING_LABEL])).toEqual(["a"]);
  });

  it("contact messages and news keep their own consistent lists", () => {
    expect(genders(Object.values(CONTACT_STATUS_LABELS)).length).toBeLessThanOrEqual(1);
    expect(genders(Object.values(NEWS_STATE_LABELS)).length).toBeLessThanOrEqual(1);
  });

  it("the check itself catches a mixed list", () => {
    expect(genders(["Resolvida", "Arquivado"]).sort()).toEqual(["a", "o"]);
  });
});
