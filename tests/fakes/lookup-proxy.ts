/**
 * A local HTTP front for the app that a browser test loads the site through: every request is
 * forwarded to the real app server, except the paths given, which answer as `mode` says, so a
 * look-up endpoint the browser calls can be made to fail for real over HTTP:
 *   ok           → forwarded (the real endpoint answers)
 *   http-error   → 503
 *   hang         → no answer until the fake closes (the browser's time limit fires first)
 *   invalid-json → 200 with an HTML body
 *   wrong-shape  → 200 with JSON that is not the endpoint's contract
 *   reset        → the connection is cut without an answer (the service is down)
 * The Host header is kept, so the app sees the front's origin and its same-origin checks hold.
 */
import http from "node:http";
import { listenOnLoopback } from "./listen";

export type LookupFrontMode = "ok" | "http-error" | "hang" | "invalid-json" | "wrong-shape" | "reset";

export type LookupFront = {
  url: string;
  /** The mode per intercepted path (default "ok"). */
  modes: Map<string, LookupFrontMode>;
  /** Intercepted requests seen, by path. */
  seen: string[];
  close: () => Promise<void>;
};

export async function startLookupFront(target: string, paths: readonly string[]): Promise<LookupFront> {
  const upstream = new URL(target);
  const hanging = new Set<http.ServerResponse>();
  const front: LookupFront = { url: "", modes: new Map(paths.map((p) => [p, "ok"])), seen: [], close: async () => {} };
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://front").pathname;
    const mode = front.modes.get(path);
    if (mode) front.seen.push(path);
    if (mode === "http-error") return void res.writeHead(503, { "Content-Type": "text/plain" }).end("Service Unavailable");
    if (mode === "invalid-json")
      return void res.writeHead(200, { "Content-Type": "application/json" }).end("<html><body>Gateway</body></html>");
    if (mode === "wrong-shape") return void res.writeHead(200, { "Content-Type": "application/json" }).end('{"status":"ok","data":[]}');
    if (mode === "reset") return void req.socket.destroy();
    if (mode === "hang") return void hanging.add(res);
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on("error", () => res.destroy());
    req.pipe(out);
  });
  const listening = await listenOnLoopback(server);
  front.url = listening.url;
  front.close = async () => {
    for (const r of hanging) r.destroy();
    await listening.close();
  };
  return front;
}
