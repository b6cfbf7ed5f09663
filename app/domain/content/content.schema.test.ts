import { describe, expect, it } from "vitest";
import { contentFormToInput, contentSchema, normalizePhone, normalizeWhatsapp } from "./content.schema";
import { DEFAULT_CONTENT, formatWhatsapp, LEGACY_PLACEHOLDERS, placeholderFields, telHref } from "./institutional";

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

  it("the seed's placeholders are flagged as examples, yet the seeded form saves as it is (first save)", () => {
    expect(placeholderFields(DEFAULT_CONTENT)).toEqual(["telefones", "WhatsApp", "e-mail", "diretoria"]);
    const seeded = formOf({
      phones: DEFAULT_CONTENT.phones,
      whatsapp: formatWhatsapp(DEFAULT_CONTENT.whatsapp),
      email: DEFAULT_CONTENT.email,
      "board.name": DEFAULT_CONTENT.board.map((m) => m.name),
    });
    const result = contentSchema.safeParse(contentFormToInput(seeded));
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    // Saved unchanged, the values are still the examples and still flagged.
    expect(placeholderFields({ ...DEFAULT_CONTENT, ...result.data })).toEqual(["telefones", "WhatsApp", "e-mail", "diretoria"]);
    // Once staff type the real ones, the reminder goes.
    const edited = contentSchema.parse(contentFormToInput(formOf()));
    expect(placeholderFields({ ...DEFAULT_CONTENT, ...edited })).toEqual([]);
  });

  it("the placeholders of earlier versions were invalid numbers (that is why the first save failed)", () => {
    expect(normalizePhone(LEGACY_PLACEHOLDERS.phone)).toBeNull();
    expect(normalizeWhatsapp(LEGACY_PLACEHOLDERS.whatsapp)).toBeNull();
    expect(normalizePhone(DEFAULT_CONTENT.phones[0])).toBe(DEFAULT_CONTENT.phones[0]);
    expect(normalizeWhatsapp(formatWhatsapp(DEFAULT_CONTENT.whatsapp))).toBe(DEFAULT_CONTENT.whatsapp);
  });

  it("only https social links", () => {
    for (const url of ["http://x.example", "javascript:alert(1)", "https://user:pw@x.example", "www.instagram.com/x"]) {
      const r = contentSchema.safeParse(contentFormToInput(formOf({ "social.instagram": url })));
      expect(r.success, url).toBe(false);
    }
  });
});
