import { describe, expect, it } from "vitest";
import { CONTENT_MESSAGES, contentFormToInput, contentSchema, normalizePhone, normalizeWhatsapp } from "./content.schema";
import { DEFAULT_CONTENT, formatWhatsapp, placeholderFields, telHref } from "./institutional";

describe("phone and WhatsApp normalisation", () => {
  it.each([
    ["61 3333 4444", "(61) 3333-4444"],
    ["(61) 98888-7777", "(61) 98888-7777"],
    ["+55 61 98888 7777", "(61) 98888-7777"],
    ["061 3333-4444", "(61) 3333-4444"],
    ["0800 123 4567", "0800 123 4567"],
    ["08001234567", "0800 123 4567"],
  ])("%s → %s", (raw, expected) => expect(normalizePhone(raw)).toBe(expected));

  it.each(["3333-4444", "(61) 0000-0000", "(01) 3333-4444", "(61) 8888-77776", "0800 123 456", ""])("refuses %s", (raw) => {
    expect(normalizePhone(raw)).toBeNull();
  });

  it("stores WhatsApp as 55 + DDD + number and shows it back formatted", () => {
    expect(normalizeWhatsapp("(61) 99876-5432")).toBe("5561998765432");
    expect(normalizeWhatsapp("+55 61 3333-4444")).toBe("556133334444");
    expect(normalizeWhatsapp("99876-5432")).toBeNull();
    expect(formatWhatsapp("5561998765432")).toBe("+55 (61) 99876-5432");
    expect(telHref("(61) 3333-4444")).toBe("tel:+556133334444");
    expect(telHref("0800 123 4567")).toBe("tel:08001234567");
  });
});

function formOf(over: Record<string, string | string[]> = {}) {
  const fd = new FormData();
  const base: Record<string, string | string[]> = {
    name: DEFAULT_CONTENT.name,
    shortName: DEFAULT_CONTENT.shortName,
    description: DEFAULT_CONTENT.description,
    address: DEFAULT_CONTENT.address,
    addressDetail: DEFAULT_CONTENT.addressDetail,
    phones: ["(61) 3333-4444", ""],
    email: "contato@example.org",
    hours: DEFAULT_CONTENT.hours,
    whatsapp: "(61) 98888-7777",
    "social.instagram": "",
    "social.facebook": "https://www.facebook.com/exemplo",
    "social.youtube": "",
    "map.lat": "-15.7975",
    "map.lng": "-47.8919",
    "map.zoom": "16",
    "board.role": [...DEFAULT_CONTENT.board.map((m) => m.role), ""],
    "board.name": [...DEFAULT_CONTENT.board.map(() => "Pessoa de Teste"), ""],
    history: DEFAULT_CONTENT.history,
    mission: DEFAULT_CONTENT.mission,
    vision: DEFAULT_CONTENT.vision,
    values: [...DEFAULT_CONTENT.values, "  "],
    ...over,
  };
  for (const [k, v] of Object.entries(base)) for (const item of Array.isArray(v) ? v : [v]) fd.append(k, item);
  return fd;
}

describe("the content form", () => {
  it("drops blank list rows and parses numbers", () => {
    const parsed = contentSchema.parse(contentFormToInput(formOf()));
    expect(parsed.phones).toEqual(["(61) 3333-4444"]);
    expect(parsed.board).toHaveLength(4);
    expect(parsed.values).toEqual(DEFAULT_CONTENT.values);
    expect(parsed.map).toEqual({ lat: -15.7975, lng: -47.8919, zoom: 16 });
  });

  it("the seed's placeholder numbers are flagged and must be replaced before saving", () => {
    expect(placeholderFields(DEFAULT_CONTENT)).toEqual(["telefones", "WhatsApp", "e-mail", "diretoria"]);
    const result = contentSchema.safeParse(contentFormToInput(formOf({ phones: DEFAULT_CONTENT.phones, whatsapp: DEFAULT_CONTENT.whatsapp })));
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(messages).toEqual([`phones.0: ${CONTENT_MESSAGES.phone}`, `whatsapp: ${CONTENT_MESSAGES.whatsapp}`]);
  });

  it("only https social links", () => {
    for (const url of ["http://x.example", "javascript:alert(1)", "https://user:pw@x.example", "www.instagram.com/x"]) {
      const r = contentSchema.safeParse(contentFormToInput(formOf({ "social.instagram": url })));
      expect(r.success, url).toBe(false);
    }
  });
});
