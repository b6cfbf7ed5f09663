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

  async login(username: string, password = "Demo@2026") {
    const res = await this.post("/login", { username, password });
    if (res.status !== 302) throw new Error(`login de ${username} falhou: ${res.status} ${await res.text()}`);
    return res;
  }
}

export async function loggedIn(base: string, username: string, password?: string) {
  const c = new Client(base);
  await c.login(username, password);
  return c;
}
