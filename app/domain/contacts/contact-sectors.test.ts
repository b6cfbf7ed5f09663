import { describe, expect, it } from "vitest";
import { ROLES } from "~/auth/roles";
import { navItemsFor } from "~/auth/sidebar";
import { casesScope, contactScope, contactsHref, CONTACT_SECTORS } from "~/auth/scopes";
import { contactsTitle, storedStatusFor } from "./contact-sectors";

describe("contact scope (original, section 6)", () => {
  it("admin reads every sector, rh its own and the secretaria's, the rest only their own", () => {
    expect(contactScope("admin")).toEqual(CONTACT_SECTORS);
    expect([...contactScope("rh")].sort()).toEqual(["rh", "secretaria"]);
    for (const role of ["secretaria", "juridico", "financeiro", "presidencia", "campo"] as const)
      expect(contactScope(role)).toEqual([role]);
    expect(contactScope("homologacao")).toEqual([]);
  });

  it("the cases board shows the secretaria's messages to secretaria and homologacao, everything to admin", () => {
    expect(casesScope("admin")).toEqual(CONTACT_SECTORS);
    expect(casesScope("secretaria")).toEqual(["secretaria"]);
    expect(casesScope("homologacao")).toEqual(["secretaria"]);
    expect(casesScope("juridico")).toEqual([]);
  });

  it("every role's sidebar links to its own inbox", () => {
    for (const role of ROLES) {
      const item = navItemsFor(role).find((i) => i.id === "contacts");
      expect(item?.href, role).toBe(contactsHref(role));
      expect(item?.label).toBe("Contatos");
    }
    expect(contactsHref("financeiro")).toBe("/dashboard/contatos/financeiro");
    expect(contactsHref("admin")).toBe("/dashboard/contatos");
  });

  it("titles follow the original", () => {
    expect(contactsTitle("admin", null, "Administrador")).toBe("Todos os Contatos");
    expect(contactsTitle("admin", "juridico", "Administrador")).toBe("Contatos - Jurídico");
    expect(contactsTitle("rh", null, "RH")).toBe("Contatos - RH");
    expect(contactsTitle("homologacao", null, "Homologação")).toBe("Contatos - Homologação");
  });

  it("maps the buttons as the original's service: in_progress is stored as replied", () => {
    expect(storedStatusFor("pending")).toBe("pending");
    expect(storedStatusFor("in_progress")).toBe("replied");
    expect(storedStatusFor("resolved")).toBe("resolved");
  });
});
