/**
 * The common part of the local fakes of JSON services (ViaCEP, Nominatim): a real HTTP server
 * on 127.0.0.1 (port 0) that records each request (path, query, headers, arrival time) and
 * answers according to `mode`:
 *   ok           → the fake's own answer
 *   http-error   → 503
 *   hang         → no answer for `hangMs` (the client's timeout fires first)
 *   invalid-json → 200 with an HTML body
 */
import http from "node:http";
import { listenOnLoopback } from "./listen";

export type FakeMode = "ok" | "http-error" | "hang" | "invalid-json";

export type FakeRequest = { path: string; query: Record<string, string>; headers: http.IncomingHttpHeaders; at: number };

export type FakeJsonService = {
  url: string;
  mode: FakeMode;
  requests: FakeRequest[];
  close: () => Promise<void>;
};

/**
 * The `hang` mode: answers 200 with `body` only after `hangMs` (the client's timeout fires first);
 * the timer stays in `hanging` until then, so that closing the fake can clear it.
 */
export function answerLate(res: http.ServerResponse, body: string, hangMs: number, hanging: Set<NodeJS.Timeout>) {
  const t = setTimeout(() => {
    hanging.delete(t);
    if (!res.writableEnded) res.writeHead(200, { "Content-Type": "application/json" }).end(body);
  }, hangMs);
  hanging.add(t);
}

export async function startFakeJsonService(
  answer: (url: URL) => { status: number; body: unknown },
  options: { hangMs?: number } = {},
): Promise<FakeJsonService> {
  const hangMs = options.hangMs ?? 5_000;
  const hanging = new Set<NodeJS.Timeout>();
  let base = "http://127.0.0.1";
  let closeServer = async () => {};
  const state: FakeJsonService = {
    url: "",
    mode: "ok",
    requests: [],
    close: async () => {
      for (const t of hanging) clearTimeout(t);
      await closeServer();
    },
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", base);
    state.requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, at: Date.now() });
    if (state.mode === "hang") return answerLate(res, "[]", hangMs, hanging);
    if (state.mode === "http-error") {
      res.writeHead(503, { "Content-Type": "text/plain" }).end("Service Unavailable");
      return;
    }
    if (state.mode === "invalid-json") {
      res.writeHead(200, { "Content-Type": "application/json" }).end("<html>not json</html>");
      return;
    }
    const { status, body } = answer(url);
    res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
  });
  const listening = await listenOnLoopback(server);
  base = state.url = listening.url;
  closeServer = listening.close;
  return state;
}
