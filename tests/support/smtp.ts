import { afterAll, beforeAll } from "vitest";
import { startSmtpSink, type SmtpSink } from "../fakes/smtp-sink";
import { useTestServer } from "./suite";
import { startTcpProxy } from "./tcp-proxy";

/**
 * A real SMTP server for a test file: started in a `beforeAll` registered before the suite's, so
 * `env()` hands its address (and the sender the app writes from) to the server; closed after it.
 *
 *     const smtp = useSmtpSink();
 *     const t = useTestServer({ env: () => ({ ...smtp.env(), JOBS_POLL_MS: "100" }) });
 *     await smtp.sink.waitFor((m) => m.to.includes("ana@example.com"));
 *
 * With `behindProxy`, the app reaches it through a TCP proxy that `smtp.proxy.cut()` and
 * `.restore()` take down and bring back (an SMTP server that stops answering).
 */
export function useSmtpSink(options: Parameters<typeof startSmtpSink>[0] & { behindProxy?: boolean } = {}) {
  const { behindProxy, ...sinkOptions } = options;
  let sink: SmtpSink | undefined;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>> | undefined;
  beforeAll(async () => {
    sink = await startSmtpSink(sinkOptions);
    if (behindProxy) proxy = await startTcpProxy({ host: "127.0.0.1", port: sink.port });
  });
  afterAll(async () => {
    await proxy?.close();
    await sink?.close();
  });
  const started = () => {
    if (!sink) throw new Error("servidor SMTP de teste não iniciado");
    return sink;
  };
  return {
    get sink() {
      return started();
    },
    get proxy() {
      if (!proxy) throw new Error("servidor SMTP de teste sem proxy (behindProxy)");
      return proxy;
    },
    env: (): Record<string, string> => ({
      SMTP_URL: `smtp://127.0.0.1:${proxy?.port ?? started().port}`,
      MAIL_FROM: "Sindicato <nao-responda@sindicato.example>",
    }),
  };
}

/**
 * The file's test server, mailing through a real SMTP sink (`smtp.sink` holds what it sent):
 *
 *     const { t, smtp } = useMailingTestServer({ JOBS_POLL_MS: "100" });
 *
 * (`sinkOptions` as useSmtpSink's, e.g. `{ behindProxy: true }`.)
 */
export function useMailingTestServer(env: Record<string, string> = {}, sinkOptions: Parameters<typeof useSmtpSink>[0] = {}) {
  const smtp = useSmtpSink(sinkOptions);
  const t = useTestServer({ env: () => ({ ...smtp.env(), ...env }) });
  return { t, smtp };
}
