import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { signedIn, useTestServer } from "../support/suite";
import { createPartnerSet } from "../support/scenarios";
import { DEFAULT_PARTNER_CATEGORY, PARTNER_MESSAGES } from "~/domain/partners/partner.schema";
import { decodeHtml } from "../support/html";
import { multipartBody, type UploadedFile } from "../support/multipart";
import { storedFile } from "../support/stored-files";
import { solidImage } from "../fixtures/images";

const t = useTestServer();
const PATH = "/dashboard/parceiros";

beforeAll(async () => {
  await createPartnerSet(t.db);
});
const as = signedIn(t, ["secretaria", "admin"]);

type PartnerRow = {
  id: string;
  name: string;
  category: string;
  website: string | null;
  active: boolean;
  sort_order: number;
  logo_file_id: string | null;
};

async function partners() {
  return t.query<PartnerRow>`select id, name, category, website, active, sort_order, logo_file_id from partners order by category, sort_order, name`;
}
async function byName(name: string) {
  const [row] =
    await t.query<PartnerRow>`select id, name, category, website, active, sort_order, logo_file_id from partners where name = ${name}`;
  return row;
}
async function counts() {
  const [row] = await t.query<{ p: number; f: number; l: number }>`select
    (select count(*)::int from partners) as p, (select count(*)::int from files) as f, (select count(*)::int from audit_log where action <> 'access.refused') as l`;
  return row;
}
const fileRow = (id: string) => storedFile(t.query, id);

async function publicPage() {
  const res = await fetch(`${t.url}/parceiros`);
  return { status: res.status, html: decodeHtml(await res.text()) };
}

function form(fields: Record<string, string>, logo?: UploadedFile) {
  return multipartBody(fields, "logo", logo, "image/jpeg");
}
const fields = (over: Record<string, string> = {}) => ({
  intent: "create",
  name: "Clínica Parceira de Teste",
  description: "Atendimento com condições especiais para associados.",
  category: "Saúde",
  website: "https://clinica.example.com/",
  sortOrder: "2",
  active: "on",
  ...over,
});

/** A JPEG carrying EXIF with GPS coordinates and a camera model. */
async function gpsJpeg(color = { r: 200, g: 30, b: 30 }) {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: color } })
    .jpeg()
    .withExif({
      IFD0: { Make: "CameraDeTeste", Model: "Modelo Secreto", Copyright: "Autor Identificável" },
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "15/1 47/1 5100/100", GPSLongitudeRef: "W", GPSLongitude: "47/1 53/1 2800/100" },
    })
    .toBuffer();
}

describe("public page /parceiros", () => {
  it("shows the three union-support partners under 'Apoio Sindical', with logos served from /imagens", async () => {
    const seeded = await partners();
    expect(seeded).toHaveLength(3);
    expect(seeded.every((p) => p.category === DEFAULT_PARTNER_CATEGORY && p.active && p.logo_file_id)).toBe(true);
    const { status, html } = await publicPage();
    expect(status).toBe(200);
    expect(html).toContain(`>${DEFAULT_PARTNER_CATEGORY}</h2>`);
    for (const p of seeded) {
      expect(html).toContain(p.name);
      expect(html).toContain(`src="/imagens/${p.logo_file_id}"`);
      expect(html).toContain(`href="${p.website}"`);
      const img = await fetch(`${t.url}/imagens/${p.logo_file_id}`);
      expect(img.status).toBe(200);
      expect(img.headers.get("content-type")).toMatch(/^image\/(webp|jpeg)$/);
      const meta = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
      expect(meta.width).toBeGreaterThan(100);
    }
    // Names appear in the stored order.
    const positions = seeded.map((p) => html.indexOf(p.name));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(html).toContain("Seja um Parceiro");
    expect(html).toContain(`href="/contato?assunto=${encodeURIComponent("Seja um Parceiro")}"`);
    expect(html).toMatch(/href="https:\/\/wa\.me\/\d+\?text=[^"]*cart%C3%A3o%20de%20benef%C3%ADcios/);
    expect(html).toMatch(/<title>Parceiros \| [^<]+<\/title>/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/parceiros"/);
  });
});

describe("staff manage partners at /dashboard/parceiros", () => {
  it("secretaria creates a partner with a GPS-tagged JPEG logo: stored re-encoded, without metadata, audited, shown publicly", async () => {
    const before = await counts();
    const jpeg = await gpsJpeg();
    const original = await sharp(jpeg).metadata();
    expect(original.exif?.toString("latin1")).toContain("Modelo Secreto");
    expect(original.exif?.length).toBeGreaterThan(100);

    const res = await as("secretaria").post(PATH, form(fields(), { bytes: jpeg, name: "logo da clínica.jpg" }));
    expect(res.status).toBe(200);
    expect(decodeHtml(await res.text())).toContain(PARTNER_MESSAGES.created);

    const row = await byName("Clínica Parceira de Teste");
    expect(row).toMatchObject({ category: "Saúde", website: "https://clinica.example.com/", active: true, sort_order: 2 });
    const file = await fileRow(row.logo_file_id!);
    expect(file.purpose).toBe("partner-logo");
    expect(file.content_type).toBe("image/jpeg");
    expect(file.file_name).toBe("logo da clínica.jpg");
    const meta = await sharp(file.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(800);
    expect(file.data.includes(Buffer.from("Modelo Secreto"))).toBe(false);
    expect(file.data.includes(Buffer.from("CameraDeTeste"))).toBe(false);

    // Served to the public through /imagens with the same clean bytes.
    const served = await fetch(`${t.url}/imagens/${row.logo_file_id}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("x-content-type-options")).toContain("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(file.data)).toBe(true);

    expect(await counts()).toEqual({ p: before.p + 1, f: before.f + 1, l: before.l + 1 });
    const [audit] = await t.query<{ actor_username: string; entity_id: string; data: { name: string } }>`
      select actor_username, entity_id, data from audit_log where action = 'partner.created' order by id desc limit 1`;
    expect(audit).toMatchObject({
      actor_username: (await t.user("secretaria")).username,
      entity_id: row.id,
      data: { name: "Clínica Parceira de Teste" },
    });

    const { html } = await publicPage();
    expect(html).toContain(">Saúde</h2>");
    expect(html).toContain("Clínica Parceira de Teste");
    expect(html).toContain(`src="/imagens/${row.logo_file_id}"`);
  });

  it("a partner without logo or website is accepted and shown with its initials", async () => {
    const res = await as("admin").post(PATH, { ...fields({ name: "Academia Sem Logo", website: "", category: "Saúde", sortOrder: "" }) });
    expect(res.status).toBe(200);
    const row = await byName("Academia Sem Logo");
    expect(row).toMatchObject({ website: null, logo_file_id: null, sort_order: 0 });
    const { html } = await publicPage();
    expect(html).toContain('aria-label="Logo de Academia Sem Logo"');
  });

  it("edits: replacing the logo deletes the old file; removing it deletes it too", async () => {
    const row = await byName("Clínica Parceira de Teste");
    const oldLogo = row.logo_file_id!;
    const png = await solidImage("png", 300, 100, { r: 0, g: 80, b: 160, alpha: 0.5 }, 4);
    const before = await counts();
    const res = await as("secretaria").post(
      PATH,
      form(fields({ intent: "update", id: row.id, name: "Clínica Parceira Renomeada", active: "on" }), {
        bytes: png,
        name: "novo.png",
        type: "image/png",
      }),
    );
    expect(res.status).toBe(200);
    expect(decodeHtml(await res.text())).toContain(PARTNER_MESSAGES.updated);
    const updated = await byName("Clínica Parceira Renomeada");
    expect(updated.id).toBe(row.id);
    expect(updated.logo_file_id).not.toBe(oldLogo);
    expect(await fileRow(oldLogo)).toBeUndefined();
    expect((await fileRow(updated.logo_file_id!)).content_type).toBe("image/webp");
    expect((await fetch(`${t.url}/imagens/${oldLogo}`)).status).toBe(404);
    expect(await counts()).toEqual({ p: before.p, f: before.f, l: before.l + 1 });
    const [audit] = await t.query<{
      data: { changed: string[] };
    }>`select data from audit_log where action = 'partner.updated' order by id desc limit 1`;
    expect(audit.data.changed).toEqual(expect.arrayContaining(["name", "logo"]));

    // Editing without a file keeps the logo.
    await as("secretaria").post(
      PATH,
      form(
        fields({ intent: "update", id: row.id, name: "Clínica Parceira Renomeada", description: "Nova descrição da clínica parceira." }),
      ),
    );
    expect((await byName("Clínica Parceira Renomeada")).logo_file_id).toBe(updated.logo_file_id);

    const removed = await as("secretaria").post(
      PATH,
      form(fields({ intent: "update", id: row.id, name: "Clínica Parceira Renomeada", removeLogo: "on" })),
    );
    expect(removed.status).toBe(200);
    expect((await byName("Clínica Parceira Renomeada")).logo_file_id).toBeNull();
    expect(await fileRow(updated.logo_file_id!)).toBeUndefined();
  });

  it("an inactive partner disappears from the public page but stays on the staff screen", async () => {
    const row = await byName("Academia Sem Logo");
    const res = await as("admin").post(PATH, fields({ intent: "update", id: row.id, name: "Academia Sem Logo", website: "", active: "" }));
    expect(res.status).toBe(200);
    expect((await byName("Academia Sem Logo")).active).toBe(false);
    expect((await publicPage()).html).not.toContain("Academia Sem Logo");
    const staff = decodeHtml(await (await as("secretaria").get(PATH)).text());
    expect(staff).toContain("Academia Sem Logo");
    expect(staff).toContain("Inativo");
  });

  const refusals: Array<[string, () => Promise<FormData | Record<string, string>>, number, string]> = [
    [
      "an http:// website",
      async () => fields({ name: "Site Inseguro", website: "http://inseguro.example.com" }),
      400,
      PARTNER_MESSAGES.website,
    ],
    ["a javascript: website", async () => fields({ name: "Site Script", website: "javascript:alert(1)" }), 400, PARTNER_MESSAGES.website],
    ["an empty name", async () => fields({ name: "  " }), 400, "Nome é obrigatório."],
    [
      "a short description",
      async () => fields({ name: "Descrição Curta", description: "Curta" }),
      400,
      "Descrição deve ter ao menos 10 caracteres.",
    ],
    [
      "a negative order",
      async () => fields({ name: "Ordem Negativa", sortOrder: "-1" }),
      400,
      "Ordem deve ser um número inteiro entre 0 e 9999.",
    ],
    [
      "HTML sent as a .png logo",
      async () =>
        form(fields({ name: "Logo HTML" }), {
          bytes: Buffer.from("<html><script>alert(1)</script></html>"),
          name: "logo.png",
          type: "image/png",
        }),
      415,
      PARTNER_MESSAGES.logoType,
    ],
    [
      "a PDF as logo",
      async () =>
        form(fields({ name: "Logo PDF" }), { bytes: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF"), name: "logo.jpg" }),
      415,
      PARTNER_MESSAGES.logoType,
    ],
    [
      "a logo over 2 MB",
      async () =>
        form(fields({ name: "Logo Grande" }), {
          bytes: Buffer.concat([await gpsJpeg(), Buffer.alloc(2 * 1024 * 1024)]),
          name: "grande.jpg",
        }),
      413,
      PARTNER_MESSAGES.logoTooLarge,
    ],
  ];
  for (const [label, make, status, message] of refusals) {
    it(`refuses ${label} with ${status} and a pt-BR message, writing nothing`, async () => {
      const before = await counts();
      const res = await as("secretaria").post(PATH, await make());
      expect(res.status).toBe(status);
      expect(decodeHtml(await res.text())).toContain(message);
      expect(await counts()).toEqual(before);
    });
  }

  it("updating or deleting an unknown partner is a 404 with a message", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const upd = await as("secretaria").post(PATH, fields({ intent: "update", id }));
    expect(upd.status).toBe(404);
    expect(decodeHtml(await upd.text())).toContain(PARTNER_MESSAGES.notFound);
    const del = await as("secretaria").post(PATH, { intent: "delete", id });
    expect(del.status).toBe(404);
  });

  it("deletes a partner and its logo", async () => {
    const row = (await partners()).find((p) => p.logo_file_id)!;
    const before = await counts();
    const res = await as("secretaria").post(PATH, { intent: "delete", id: row.id });
    expect(res.status).toBe(200);
    expect(decodeHtml(await res.text())).toContain(PARTNER_MESSAGES.deleted);
    expect(await byName(row.name)).toBeUndefined();
    expect(await fileRow(row.logo_file_id!)).toBeUndefined();
    expect(await counts()).toEqual({ p: before.p - 1, f: before.f - 1, l: before.l + 1 });
    expect((await publicPage()).html).not.toContain(row.name);
  });

  it("refused roles are redirected from the screen and get 403 on every post, with nothing changed", async () => {
    const target = (await partners())[0];
    for (const role of ["campo", "juridico", "financeiro", "rh", "homologacao"] as const) {
      const c = await t.login(role);
      const view = await c.get(PATH);
      expect(view.status).toBe(302);
      expect(view.headers.get("location")).toBe(`/dashboard/${role}`);
      const before = await counts();
      const snapshot = await partners();
      for (const body of [
        form(fields({ name: "Intruso" }), { bytes: await gpsJpeg(), name: "x.jpg" }),
        fields({ intent: "update", id: target.id, name: "Intruso" }),
        { intent: "delete", id: target.id },
      ]) {
        const res = await c.post(PATH, body);
        expect(res.status, role).toBe(403);
      }
      expect(await counts()).toEqual(before);
      expect(await partners()).toEqual(snapshot);
    }
  });
});
