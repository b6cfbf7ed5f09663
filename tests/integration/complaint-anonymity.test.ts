import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createComplaint } from "~/db/factories/complaints";
import { useTestServer } from "../support/suite";
import { gpsTaggedJpeg, tinyPdf } from "../fixtures/complaint-files";
import { multipartBody, type UploadedFile } from "../support/multipart";

/**
 * Anonymity of the complaint channel: after a reporter files a complaint, follows it up and
 * adds a file — all with a distinctive address, user agent and cookie — no table and no log
 * line holds any of them; complaint routes send no-referrer and no-store, never set a cookie
 * and allow no third-party origin.
 */

const IP = "203.0.113.77";
const UA = "ComplaintProbe/7.3 (sigilo-8841; X11)";
const COOKIE_VALUE = "rastreio-5f2e91";

const captured: string[] = [];
const originalStdout = process.stdout.write.bind(process.stdout);
const originalStderr = process.stderr.write.bind(process.stderr);

beforeAll(async () => {
  // Every line the in-process server writes is kept (and still printed).
  const capture = (original: typeof process.stdout.write) =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      captured.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
      return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stdout.write;
  process.stdout.write = capture(originalStdout);
  process.stderr.write = capture(originalStderr);
});
// Behind a proxy (X-Forwarded-For is the client address), logging every request.
const t = useTestServer({ env: { TRUST_PROXY: "1", LOG_LEVEL: "debug" } });
afterAll(() => {
  process.stdout.write = originalStdout;
  process.stderr.write = originalStderr;
});

const identifying = { "User-Agent": UA, "X-Forwarded-For": IP, Cookie: `tracker=${COOKIE_VALUE}` };

async function post(path: string, fd: FormData, headers: Record<string, string> = identifying) {
  const res = await fetch(t.url + path, { method: "POST", body: fd, headers: { Origin: t.url, ...headers } });
  return { res, html: await res.text() };
}

function form(fields: Record<string, string>, file?: UploadedFile) {
  return multipartBody(fields, "evidence", file);
}

/** Every text-like column of every table (any schema but the catalogs), searched for `needle`. */
async function tablesContaining(needle: string) {
  const columns = await t.query<{ table_schema: string; table_name: string; column_name: string; data_type: string }>`
    select c.table_schema, c.table_name, c.column_name, c.data_type
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
     where c.table_schema not in ('pg_catalog', 'information_schema')
       and c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json', 'bytea', 'ARRAY', 'inet', 'USER-DEFINED')`;
  const hits: string[] = [];
  for (const col of columns) {
    const ident = `"${col.table_schema}"."${col.table_name}"`;
    const column = `"${col.column_name}"`;
    const literal = `'${needle.replace(/'/g, "''")}'`;
    const condition =
      col.data_type === "bytea" ? `position(convert_to(${literal}, 'UTF8') in ${column}) > 0` : `strpos(${column}::text, ${literal}) > 0`;
    const sql = `select count(*)::int as n from ${ident} where ${condition}`;
    const rows = await t.query<{ n: number }>([sql] as unknown as TemplateStringsArray);
    if (rows[0].n > 0) hits.push(`${col.table_name}.${col.column_name}`);
  }
  return { hits, columnsSearched: columns.length };
}

describe("nothing identifying is stored or logged", () => {
  it("a complaint, its follow-up and an added file leave no IP, user agent or cookie in any table or log line", async () => {
    const first = captured.length;
    // 1. The complaint, with a GPS-tagged photo.
    const created = await post(
      "/denuncia",
      form(
        { title: "Assédio na troca de turno", description: "Relato de teste de anonimato.", consent: "on" },
        { bytes: await gpsTaggedJpeg(), name: "foto.jpg", type: "image/jpeg" },
      ),
    );
    expect(created.res.status).toBe(200);
    expect(created.res.headers.get("set-cookie")).toBeNull();
    const code = /data-testid="receipt-code"[^>]*>([\d ]+)</.exec(created.html)![1].replace(/\s/g, "");

    // 2. A wrong code (creates a throttling counter), then the right one, then an addition with a file.
    const wrong = await post(
      "/denuncia/acompanhar",
      form({ intent: "lookup", code: code === "0000000000000000" ? "1111111111111111" : "0000000000000000" }),
    );
    expect(wrong.res.status).toBe(404);
    const lookup = await post("/denuncia/acompanhar", form({ intent: "lookup", code }));
    expect(lookup.res.status).toBe(200);
    expect(lookup.html).toContain("Assédio na troca de turno");
    const added = await post(
      "/denuncia/acompanhar",
      form({ intent: "add", code, message: "Mais um detalhe." }, { bytes: tinyPdf(), name: "doc.pdf", type: "application/pdf" }),
    );
    expect(added.res.status).toBe(200);
    // And the single-fetch data request of a page (what the browser uses with JavaScript).
    const dataReq = await fetch(`${t.url}/denuncia/acompanhar.data`, { headers: identifying });
    expect(dataReq.status).toBe(200);

    // The throttling counters exist (so the search below covers them) — a window and a bucket only (ADR 090).
    const limits = await t.query<{
      key: string;
    }>`select key from rate_limits where key like 'complaintForm:%' or key like 'receiptLookup:%'`;
    expect(limits.map((l) => l.key.split(":")[0]).sort()).toEqual(["complaintForm", "receiptLookup"]);
    for (const l of limits) expect(l.key).toMatch(/^\w+:\d+:\d{1,4}$/);

    // 3. No table holds the address, the user agent, the cookie or the receipt code.
    for (const needle of [IP, UA, "sigilo-8841", COOKIE_VALUE, code]) {
      const { hits, columnsSearched } = await tablesContaining(needle);
      expect(columnsSearched).toBeGreaterThan(20);
      expect(hits, `"${needle}" encontrado em ${hits.join(", ")}`).toEqual([]);
    }
    // The search does find what is there (it can fail): the complaint's own title.
    expect((await tablesContaining("Assédio na troca de turno")).hits).toContain("complaints.title");

    // 4. No log line holds them either; the request log did record these requests.
    const lines = captured.slice(first).join("");
    expect(lines).toContain('"path":"/denuncia"');
    expect(lines).toContain('"path":"/denuncia/acompanhar"');
    for (const needle of [IP, UA, "sigilo-8841", COOKIE_VALUE, code]) expect(lines).not.toContain(needle);
  });
});

describe("failures are logged without the complaint's data", () => {
  it("a failed insert logs the database's reason only: no title, description, receipt hash, address or agent", async () => {
    await t.query`create or replace function complaints_fail_insert() returns trigger language plpgsql as $$ begin raise exception 'falha injetada no teste'; end $$`;
    await t.query`create trigger complaints_fail_insert before insert on complaints for each row execute function complaints_fail_insert()`;
    const first = captured.length;
    try {
      const { res } = await post(
        "/denuncia",
        form({ title: "Título secreto 7731", description: "Relato secreto 7731", companyName: "Empresa secreta 7731", consent: "on" }),
      );
      expect(res.status).toBe(500);
    } finally {
      await t.query`drop trigger if exists complaints_fail_insert on complaints`;
      await t.query`drop function if exists complaints_fail_insert()`;
    }
    const lines = captured.slice(first).join("");
    expect(lines).toContain("Erro ao enviar denúncia. Tente novamente.");
    expect(lines).toContain("falha injetada no teste");
    for (const needle of ["secreto 7731", "secreta 7731", "a2id1$", IP, UA]) expect(lines).not.toContain(needle);
  });
});

describe("headers on every complaint route", () => {
  function expectAnonymous(res: Response, where: string) {
    expect(res.headers.get("referrer-policy"), where).toBe("no-referrer");
    expect(res.headers.get("cache-control"), where).toBe("no-store");
    expect(res.headers.get("set-cookie"), where).toBeNull();
    const csp = res.headers.get("content-security-policy") ?? "";
    // Same origin only: no host of any third party may be contacted from these pages.
    expect(csp, where).not.toMatch(/https?:|wss?:\/\/|\*/);
  }

  it("pages, their .data requests and form posts send no-referrer and no-store, set no cookie and allow no third-party origin", async () => {
    for (const path of ["/denuncia", "/denuncia/acompanhar", "/denuncia.data", "/denuncia/acompanhar.data"]) {
      const res = await fetch(t.url + path);
      expect(res.status, path).toBe(200);
      expectAnonymous(res, path);
    }
    const posted = await post("/denuncia", form({ title: "", description: "" }), { "X-Forwarded-For": "192.0.2.1" });
    expect(posted.res.status).toBe(400);
    expectAnonymous(posted.res, "POST /denuncia");
    const postedData = await fetch(`${t.url}/denuncia/acompanhar.data`, {
      method: "POST",
      body: form({ intent: "lookup", code: "12" }),
      headers: { Origin: t.url, "X-Forwarded-For": "192.0.2.2" },
    });
    expect(postedData.status).toBe(400);
    expectAnonymous(postedData, "POST /denuncia/acompanhar.data");
  });

  it("does not even clear a flash cookie or touch a staff session's cookie on complaint pages", async () => {
    const staff = await t.login("admin");
    const logout = await staff.post("/logout", {});
    expect(logout.status).toBe(302);
    const flash = staff.cookies.get("__Host-flash");
    expect(flash).toBeTruthy();
    // Elsewhere the root loader clears the one-shot cookie (so this check can fail)…
    const login = await fetch(`${t.url}/login`, { headers: { Cookie: `__Host-flash=${flash}` } });
    expect(login.headers.get("set-cookie")).toMatch(/^__Host-flash=;/);
    // …but not on the complaint pages.
    for (const path of ["/denuncia", "/denuncia/acompanhar"]) {
      const res = await fetch(t.url + path, { headers: { Cookie: `__Host-flash=${flash}` } });
      expect(res.headers.get("set-cookie"), path).toBeNull();
    }
    const signedIn = await t.login("juridico");
    const res = await signedIn.get("/denuncia");
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("the staff screen and its evidence download are no-store and no-referrer too", async () => {
    const staff = await t.login("juridico");
    const page = await staff.get("/dashboard/denuncias");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    const { evidenceFileId } = await createComplaint(t.db, { evidence: true });
    const file = await staff.get(`/dashboard/denuncias/arquivos/${evidenceFileId}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("cache-control")).toBe("no-store");
    expect(file.headers.get("referrer-policy")).toBe("no-referrer");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("the pages reference no third-party script, stylesheet, image or font", async () => {
    for (const path of ["/denuncia", "/denuncia/acompanhar"]) {
      const html = await (await fetch(t.url + path)).text();
      const external = [...html.matchAll(/<(script|link|img|iframe|source|audio|video)\b[^>]*\b(src|href)="(https?:)?\/\/[^"]*"/gi)]
        .map((m) => m[0])
        // A canonical or alternate link names a URL; the browser does not fetch it.
        .filter((tag) => !/rel="(canonical|alternate)"/.test(tag));
      expect(external, path).toEqual([]);
    }
  });

  it("a form posted under no-referrer (Origin: null) is accepted only when the browser says it is same-origin", async () => {
    const fields = { title: "Enviada sem referrer", description: "Origin nulo, mesmo site.", consent: "on" };
    const same = await post("/denuncia", form(fields), {
      Origin: "null",
      "Sec-Fetch-Site": "same-origin",
      "X-Forwarded-For": "192.0.2.31",
    });
    expect(same.res.status).toBe(200);
    for (const site of ["cross-site", "same-site", ""]) {
      const headers: Record<string, string> = { Origin: "null", "X-Forwarded-For": "192.0.2.32" };
      if (site) headers["Sec-Fetch-Site"] = site;
      const res = await fetch(`${t.url}/denuncia`, { method: "POST", body: form(fields), headers });
      expect(res.status, site || "sem Sec-Fetch-Site").toBe(403);
    }
  });

  it("other pages keep the site-wide policy (the middleware is scoped to complaint routes)", async () => {
    const res = await t.anonymous().get("/login");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("cache-control")).not.toBe("no-store");
  });
});
