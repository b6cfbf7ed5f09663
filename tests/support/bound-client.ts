import http from "node:http";

export type BoundResponse = { status: number; headers: http.IncomingHttpHeaders; text: string };

/**
 * A cookie-keeping HTTP client whose connections leave from a chosen loopback address
 * (127.0.0.0/8 is all local on Linux). Behind a real balancer the client address is the one
 * the balancer saw on the socket, not a header the test writes: a test that wants its own
 * per-address counters connects from its own address. The cookie jar can be carried from one
 * base URL to another (`to(base)`), so one session is tried on the balancer and on each
 * instance directly.
 */
export class BoundClient {
  constructor(
    public base: string,
    public localAddress = "127.0.0.1",
    public cookies = new Map<string, string>(),
  ) {}

  /** The same cookie jar and source address, against another server. */
  to(base: string) {
    return new BoundClient(base, this.localAddress, this.cookies);
  }

  async request(
    method: string,
    path: string,
    body?: URLSearchParams | FormData | Record<string, string>,
    extraHeaders: Record<string, string> = {},
  ): Promise<BoundResponse> {
    const headers: Record<string, string> = { ...extraHeaders };
    let payload: Buffer | undefined;
    if (body !== undefined) {
      // The Fetch API encodes it (multipart boundary included); the bytes go out over node:http.
      const encoded = new Response(body instanceof FormData || body instanceof URLSearchParams ? body : new URLSearchParams(body));
      payload = Buffer.from(await encoded.arrayBuffer());
      headers["content-type"] = encoded.headers.get("content-type")!;
      headers["content-length"] = String(payload.length);
    }
    if (method !== "GET" && method !== "HEAD" && !headers.origin) headers.origin = this.base;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const url = new URL(path, this.base);
    return new Promise<BoundResponse>((resolve, reject) => {
      const req = http.request(
        {
          method,
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          headers,
          localAddress: this.localAddress,
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", reject);
          res.on("end", () => {
            for (const c of res.headers["set-cookie"] ?? []) {
              const [pair, ...attrs] = c.split(";");
              const i = pair.indexOf("=");
              const name = pair.slice(0, i).trim();
              const value = pair.slice(i + 1).trim();
              if (value === "" || attrs.some((a) => /max-age=0/i.test(a.trim()))) this.cookies.delete(name);
              else this.cookies.set(name, value);
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") });
          });
        },
      );
      req.on("error", reject);
      req.setTimeout(20_000, () => req.destroy(new Error(`${method} ${url} sem resposta em 20 s`)));
      req.end(payload);
    });
  }

  get(path: string) {
    return this.request("GET", path);
  }

  post(path: string, body: URLSearchParams | FormData | Record<string, string>) {
    return this.request("POST", path, body);
  }
}
