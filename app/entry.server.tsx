import { Transform, type TransformCallback } from "node:stream";
import type { AppLoadContext, EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/utils/nonce";
import { errorFields, log } from "~/utils/logger.server";
import { serverTimingEnabled, serverTimingInstrumentations } from "~/utils/server-timing.server";

export const streamTimeout = 5_000;

/** The loaders' timing for the opt-in Server-Timing header (BENCH_SERVER_TIMING=1, ADR 282); none by default. */
export const instrumentations = serverTimingEnabled() ? serverTimingInstrumentations : undefined;

/**
 * The document's bytes, gathered per turn of the event loop. React writes a document in pieces of
 * about 2 kB, all at once when its work is ready; React Router's adapter then writes each piece to
 * the response and flushes the compression stream after it, so each piece became a gzip block of
 * its own and a write to the socket: ~50 for a 100 kB list, a quarter of a staff page's server
 * CPU (ADR 293). What React writes in one go now leaves as one chunk at the end of that turn: the
 * same bytes, no later than before (what a Suspense boundary streams later still leaves when it is
 * written).
 */
class Coalesce extends Transform {
  private parts: Buffer[] = [];
  private scheduled = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.parts.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.release());
    }
    done();
  }

  override _flush(done: TransformCallback) {
    this.release();
    done();
  }

  private release() {
    this.scheduled = false;
    if (this.parts.length === 0) return;
    this.push(this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts));
    this.parts = [];
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.cspNonce ?? "";
  const timing = loadContext?.serverTiming;
  const renderStart = timing ? performance.now() : 0;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and SPA-mode get the whole document at once.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          if (timing) timing.renderMs = performance.now() - renderStart;
          const body = new Coalesce();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  log.error("erro na rota", errorFields(error));
}
