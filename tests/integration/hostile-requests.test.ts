import http from "node:http";
import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createPartner } from "~/db/factories/partners";
import { createAgreement } from "~/db/factories/agreements";
import { createComplaint } from "~/db/factories/complaints";
import { staffUsers, useTestServer } from "../support/suite";
import { clientFrom as forwardedClient } from "../support/forwarded-client";
import { freshCode } from "../support/two-factor";
import { SECURITY_HEADERS } from "../../server/security";

/**
 * Regression tests for holes an outside attack found (issue 13, section 1): malformed cookies,
 * the post-login redirect, X-Forwarded-For behind TRUST_PROXY, doubled security headers and
 * the same-origin check for posts. The server runs as in production behind one proxy hop
 * (TRUST_PROXY=1); each group of tests speaks from its own forwarded address so the per-address
 * limits of one group never touch another.
 */

const t = useTestServer({ env: { TRUST_PROXY: "1" } });
/** The staff these tests sign in as, and the stored files they fetch. */
const staffUser = staffUsers(t, ["admin", "presidencia", "juridico"]);
let partnerLogoId: string;
let publicAgreementId: string;
let evidenceFileId: string;
beforeAll(async () => {
  partnerLogoId = (await createPartner(t.db, { logo: true })).logoFileId!;
  publicAgreementId = (await createAgreement(t.db, { isPublic: true })).id;
  evidenceFileId = (await createComplaint(t.db, { evidence: true })).evidenceFileId!;
});

const clientFrom = (ip: string) => forwardedClient(t.url, ip);

/** Raw response headers (name → every value sent), to see a header sent twice. */
function rawHeaders(path: string, headers: Record<string, string> = {}) {
  const url = new URL(t.url);
  return new Promise<{ status: number; headers: Map<string, string[]> }>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: url.port, path, headers: { Host: url.host, ...headers } }, (res) => {
      const map = new Map<string, string[]>();
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        const name = res.rawHeaders[i].toLowerCase();
        map.set(name, [...(map.get(name) ?? []), res.rawHeaders[i + 1]]);
      }
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: map }));
    });
    req.on("error", reject);
  });
}

// Ours (server/security.ts) and two a route sets once.
const SINGLE_VALUED = [...SECURITY_HEADERS, "cache-control", "content-type"];

function duplicated(headers: Map<string, string[]>) {
  return SINGLE_VALUED.filter((h) => (headers.get(h)?.length ?? 0) > 1).map((h) => `${h}: ${headers.get(h)!.join(" | ")}`);
}

describe("1.1 a cookie that cannot be decoded is ignored", () => {
  const BROKEN = ["flash=%ZZ", "__Host-sid=%E0%A4%A", "__Host-flash=%ZZ", "sid=%", "flash=%ZZ; __Host-sid=%E0%A4%A; __Host-flash=%"];
  const PAGES = ["/", "/login", "/contato", "/denuncia", "/denuncia/acompanhar", "/noticias", "/convencoes", "/parceiros", "/quem-somos"];

  it("public pages answer 200 and /dashboard the usual redirect to /login, never a 500", async () => {
    const failures: string[] = [];
    for (const cookie of BROKEN) {
      for (const path of PAGES) {
        const res = await fetch(t.url + path, { headers: { Cookie: cookie }, redirect: "manual" });
        if (res.status !== 200) failures.push(`${path} [${cookie}] → ${res.status}`);
      }
      const dashboard = await fetch(`${t.url}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
      const body = await dashboard.text();
      if (
        dashboard.status !== 302 ||
        !dashboard.headers.get("location")?.startsWith("/login?redirectTo=") ||
        body.includes("Unexpected Server Error")
      ) {
        failures.push(`/dashboard [${cookie}] → ${dashboard.status} ${dashboard.headers.get("location") ?? ""}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("a signed-in user with a broken flash cookie beside the session keeps working", async () => {
    const staff = clientFrom("198.51.100.11");
    await staff.login(staffUser("juridico").username, staffUser("juridico").password);
    const res = await fetch(`${t.url}/dashboard/juridico`, {
      headers: { Cookie: `${staff.cookieHeader()}; flash=%ZZ; __Host-flash=%E0%A4%A` },
      redirect: "manual",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Painel");
  });

  it("the flash cookie is __Host- prefixed (Secure, Path=/, no Domain) and an unprefixed one is not read", async () => {
    const staff = clientFrom("198.51.100.12");
    const rh = await t.user("rh");
    const login = await staff.login(rh.username, rh.password);
    const flash = login.headers.getSetCookie().find((c) => c.startsWith("__Host-flash="));
    expect(flash, login.headers.getSetCookie().join("\n")).toBeDefined();
    expect(flash).toMatch(/; Secure/);
    expect(flash).toMatch(/; Path=\//);
    expect(flash).toMatch(/; HttpOnly/);
    expect(flash).not.toMatch(/Domain=/i);
    const value = flash!.split(";")[0].slice("__Host-flash=".length);
    // A sibling subdomain can plant `flash=…` but never `__Host-flash=…`: only the latter is read.
    const planted = await (await fetch(`${t.url}/contato`, { headers: { Cookie: `flash=${value}` } })).text();
    expect(planted).not.toContain("Login realizado com sucesso!");
    const own = await fetch(`${t.url}/contato`, { headers: { Cookie: `__Host-flash=${value}` } });
    expect(await own.text()).toContain("Login realizado com sucesso!");
    expect(own.headers.getSetCookie().some((c) => c.startsWith("__Host-flash=;"))).toBe(true);
  });
});

describe("1.4 the post-login redirect only follows a path of this site", () => {
  const HOSTILE = [
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\r\nSet-Cookie: injetado=1",
    "/\x0b/evil.example",
    "/\x0c/evil.example",
    "/\x00/evil.example",
    "/\x7f/evil.example",
    "/\u0085/evil.example",
    "/\u00a0/evil.example",
    "/\u2028/evil.example",
    "/\u3000/evil.example",
    "/\ufeff/evil.example",
    " /dashboard/admin/users",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "\\/evil.example",
    "/..//evil.example",
    "/.//evil.example",
    "/./..//evil.example",
    "https://evil.example/",
    "http:evil.example",
    "http:/evil.example",
    "javascript:alert(1)",
    "dashboard/admin",
    "",
  ];

  it("every hostile redirectTo falls back to the user's own panel: 302, no 500, no foreign Location", async () => {
    const c = clientFrom("198.51.100.41");
    const failures: string[] = [];
    for (const redirectTo of HOSTILE) {
      c.cookies.clear();
      // admin has the second factor (ADR 185): the refused target is not carried to the code step…
      const res = await c.post("/login", { username: staffUser("admin").username, password: staffUser("admin").password, redirectTo });
      const location = res.headers.get("location");
      if (res.status !== 302 || location !== "/login/verificacao")
        failures.push(`${JSON.stringify(redirectTo)} → ${res.status} ${JSON.stringify(location)}`);
      if (res.headers.getSetCookie().some((s) => s.startsWith("injetado")))
        failures.push(`${JSON.stringify(redirectTo)} injetou um cookie`);
      // …nor followed after it, even when posted there again.
      const code = await c.post("/login/verificacao", { code: await freshCode(t.url, staffUser("admin").username), redirectTo });
      const final = code.headers.get("location");
      if (code.status !== 302 || final !== "/dashboard/admin")
        failures.push(`${JSON.stringify(redirectTo)} (código) → ${code.status} ${JSON.stringify(final)}`);
      if (code.headers.getSetCookie().some((s) => s.startsWith("injetado")))
        failures.push(`${JSON.stringify(redirectTo)} (código) injetou um cookie`);
    }
    expect(failures).toEqual([]);
  });

  it("a refused redirectTo is checked before anything is written: the hostile variants leave no extra session", async () => {
    const c = clientFrom("198.51.100.42");
    const [{ n: before }] = await t.query<{
      n: number;
    }>`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.username = ${staffUser("presidencia").username}`;
    for (const redirectTo of ["/\r\n/evil.example", "/\u3000/evil.example", "/\x0b/evil.example"]) {
      c.cookies.clear();
      const res = await c.post("/login", {
        username: staffUser("presidencia").username,
        password: staffUser("presidencia").password,
        redirectTo,
      });
      expect(res.status).toBe(302);
      // The session is the one the redirect hands over: it works.
      expect((await c.get("/dashboard/presidencia")).status).toBe(200);
    }
    const [{ n: after }] = await t.query<{
      n: number;
    }>`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.username = ${staffUser("presidencia").username}`;
    expect(after - before).toBe(3);
  });

  it("a real path of this site (with query and fragment) is followed, also through the guard's round trip", async () => {
    const c = clientFrom("198.51.100.43");
    const guarded = await c.get("/dashboard/denuncias?status=pending");
    const to = new URL(guarded.headers.get("location")!, t.url).searchParams.get("redirectTo")!;
    expect(to).toBe("/dashboard/denuncias?status=pending");
    const login = await c.post("/login", {
      username: staffUser("juridico").username,
      password: staffUser("juridico").password,
      redirectTo: to,
    });
    expect(login.headers.get("location")).toBe("/dashboard/denuncias?status=pending");
    c.cookies.clear();
    const accented = await c.post("/login", {
      username: staffUser("juridico").username,
      password: staffUser("juridico").password,
      redirectTo: "/noticias/ação-sindical#topo",
    });
    expect(accented.headers.get("location")).toBe("/noticias/a%C3%A7%C3%A3o-sindical#topo");
  });

  it("the login page renders with a hostile redirectTo in its query string", async () => {
    for (const v of ["/%09/evil.example", "%0d%0a", "/%E3%80%80/x", "%ZZ"]) {
      const res = await fetch(`${t.url}/login?redirectTo=${v}`);
      expect(res.status, v).toBe(200);
    }
  });
});

describe("1.6 X-Forwarded-For: only the declared proxy hops are trusted", () => {
  function randomIp() {
    const b = randomBytes(4);
    return `${(b[0] % 223) + 1}.${b[1]}.${b[2]}.${b[3]}`;
  }

  it("60 failed logins with `X-Forwarded-For: <random>, <fixed>` are limited by the fixed (proxy-written) address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await fetch(`${t.url}/login`, {
        method: "POST",
        body: new URLSearchParams({ username: `ninguem-${i}-${randomBytes(3).toString("hex")}`, password: "errada" }),
        headers: { Origin: t.url, "X-Forwarded-For": `${randomIp()}, 203.0.113.60` },
        redirect: "manual",
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 50)).toEqual(Array(50).fill(401));
    expect(statuses.slice(50)).toEqual(Array(10).fill(429));
  });
});

describe("1.7 security headers are sent once", () => {
  it("/imagens/:id sends one Content-Security-Policy (the file's own, stricter one) and one nosniff", async () => {
    const res = await rawHeaders(`/imagens/${partnerLogoId}`);
    expect(res.status).toBe(200);
    expect(duplicated(res.headers)).toEqual([]);
    expect(res.headers.get("content-security-policy")).toEqual(["default-src 'none'; sandbox"]);
    expect(res.headers.get("x-content-type-options")).toEqual(["nosniff"]);
    const missing = await rawHeaders(`/imagens/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(duplicated(missing.headers)).toEqual([]);
  });

  it("/convencoes/:id/pdf sends nosniff once, on a 404 and on the document", async () => {
    const missing = await rawHeaders(`/convencoes/${randomUUID()}/pdf`);
    expect(missing.status).toBe(404);
    expect(duplicated(missing.headers)).toEqual([]);
    expect(missing.headers.get("x-content-type-options")).toEqual(["nosniff"]);
    const found = await rawHeaders(`/convencoes/${publicAgreementId}/pdf`);
    expect(found.status).toBe(200);
    expect(duplicated(found.headers)).toEqual([]);
  });

  it("pages, complaint pages and the staff evidence download send each security header once", async () => {
    const staff = clientFrom("198.51.100.71");
    await staff.login(staffUser("admin").username, staffUser("admin").password);
    for (const [path, cookie] of [
      ["/", ""],
      ["/denuncia", ""],
      ["/denuncia.data", ""],
      ["/pagina-que-nao-existe", ""],
      ["/dashboard/admin", staff.cookieHeader()],
      [`/dashboard/denuncias/arquivos/${evidenceFileId}`, staff.cookieHeader()],
    ] as const) {
      const res = await rawHeaders(path, cookie ? { Cookie: cookie } : {});
      expect(res.status, path).toBeLessThan(500);
      expect(duplicated(res.headers), path).toEqual([]);
    }
  });
});

describe("1.7 a post must come from this origin", () => {
  async function contactCount() {
    const [{ n }] = await t.query<{ n: number }>`select count(*)::int as n from contact_messages`;
    return n;
  }
  const message = (i: string) => ({
    name: "Teste de origem",
    email: "origem@exemplo.com",
    sector: "secretaria",
    subject: `Origem ${i}`,
    message: "Uma mensagem para testar a verificação de origem.",
    consent: "on",
  });

  async function post(headers: Record<string, string>, i: string) {
    return fetch(`${t.url}/contato`, {
      method: "POST",
      body: new URLSearchParams(message(i)),
      headers: { "X-Forwarded-For": `198.51.100.8${i.length}`, ...headers },
      redirect: "manual",
    });
  }

  it("a post with neither Origin nor Sec-Fetch-Site (a non-browser client) is refused with 403 and stores nothing", async () => {
    const before = await contactCount();
    const res = await post({}, "a");
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("Requisição de outra origem recusada.");
    expect(await contactCount()).toBe(before);
    // A login without them is refused too, before any credential is checked.
    const login = await fetch(`${t.url}/login`, {
      method: "POST",
      body: new URLSearchParams({ username: staffUser("admin").username, password: staffUser("admin").password }),
      redirect: "manual",
    });
    expect(login.status).toBe(403);
    expect(login.headers.getSetCookie()).toEqual([]);
  });

  it("an Origin that only looks like ours (userinfo, suffix, path, other port or scheme) is refused", async () => {
    const url = new URL(t.url);
    const before = await contactCount();
    for (const origin of [
      `http://evil.example@${url.host}`,
      `http://user:pass@${url.host}`,
      `http://${url.host}.evil.example`,
      `http://${url.host}@evil.example`,
      `http://${url.host}/`,
      `http://${url.host}/x`,
      `https://${url.host}`,
      `http://${url.hostname}:1`,
      `http://${url.hostname}`,
      `${url.host}`,
      "null",
      "",
    ]) {
      const res = await post({ Origin: origin }, "b");
      expect(res.status, origin).toBe(403);
    }
    expect(await contactCount()).toBe(before);
  });

  it("the site's own origin, or a browser's Sec-Fetch-Site: same-origin without Origin, is accepted", async () => {
    const before = await contactCount();
    // Accepted: the message is stored and the form redirects (post/redirect/get).
    expect((await post({ Origin: t.url }, "cc")).status).toBe(302);
    expect((await post({ "Sec-Fetch-Site": "same-origin" }, "ddd")).status).toBe(302);
    expect(await contactCount()).toBe(before + 2);
    // A browser that says same-site (a sibling subdomain) or cross-site is refused.
    for (const site of ["same-site", "cross-site", "none"]) expect((await post({ "Sec-Fetch-Site": site }, "e")).status, site).toBe(403);
  });
});
