import { totpCode } from "~/auth/totp.server";
import { freshCode, noteCodeUsed, rememberSecret, secretFromEnrolmentPage } from "./two-factor";

/** A tiny cookie-keeping HTTP client for tests: real requests to the test server. */
export class Client {
  cookies = new Map<string, string>();
  constructor(
    public base: string,
    public origin: string = base,
  ) {}

  private store(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(";");
      const idx = pair.indexOf("=");
      const name = pair.slice(0, idx).trim();
      const value = pair.slice(idx + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("Cookie", this.cookieHeader());
    if (init.method && init.method !== "GET" && !headers.has("Origin") && this.origin) headers.set("Origin", this.origin);
    const res = await fetch(this.base + path, { redirect: "manual", ...init, headers });
    this.store(res);
    return res;
  }

  get(path: string, init: RequestInit = {}) {
    return this.request(path, { ...init, method: "GET" });
  }

  post(path: string, fields: Record<string, string> | FormData, init: RequestInit = {}) {
    const body = fields instanceof FormData ? fields : new URLSearchParams(fields);
    return this.request(path, { ...init, method: "POST", body });
  }

  /**
   * Signs in through POST /login and, when the server asks, the second factor (ADR 187): the
   * code step with the user's computed TOTP code, or enrolment (the key read from the page) and
   * then the sign-in again. Answers the last redirect, as a sign-in without a second factor would.
   */
  async login(username: string, password = "Demo@2026", options: { redirectTo?: string } = {}) {
    const fields = { username, password, ...(options.redirectTo !== undefined ? { redirectTo: options.redirectTo } : {}) };
    let res = await this.post("/login", fields);
    if (res.status !== 302) throw new Error(`login de ${username} falhou: ${res.status} ${await res.text()}`);
    for (let round = 0; round < 3; round++) {
      const location = res.headers.get("location") ?? "";
      const url = new URL(location, this.base);
      const redirectTo = url.searchParams.get("redirectTo") ?? "";
      if (url.pathname === "/login/verificacao") return this.#codeStep(username, location, redirectTo);
      if (url.pathname !== "/login/ativar-verificacao") return res;
      const page = await this.get(location);
      const secret = secretFromEnrolmentPage(await page.text());
      const enrolled = await this.post(location, { code: totpCode(secret), redirectTo });
      if (enrolled.status !== 200) throw new Error(`ativação de ${username} falhou: ${enrolled.status} ${await enrolled.text()}`);
      rememberSecret(this.base, username, secret);
      noteCodeUsed(this.base, username);
      // Enrolled: the sign-in proper, with its code step, as every later one.
      res = await this.post("/login", fields);
      if (res.status !== 302) throw new Error(`login de ${username} falhou: ${res.status} ${await res.text()}`);
    }
    throw new Error(`login de ${username}: etapas demais`);
  }

  async #codeStep(username: string, location: string, redirectTo: string) {
    for (let attempt = 0; attempt < 4; attempt++) {
      const res = await this.post(location, { code: await freshCode(this.base, username), redirectTo });
      if (res.status === 302) return res;
      const text = await res.text();
      // Another sign-in (a test's own) used this step's code: the next one.
      if (res.status === 401 && text.includes("já foi usado")) continue;
      throw new Error(`código de ${username} recusado: ${res.status} ${text.slice(0, 300)}`);
    }
    throw new Error(`código de ${username} recusado: repetido`);
  }
}

export async function loggedIn(base: string, username: string, password?: string) {
  const c = new Client(base);
  await c.login(username, password);
  return c;
}
