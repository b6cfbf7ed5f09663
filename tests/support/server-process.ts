import net from "node:net";
import path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import { testDataDir } from "./data-dir";

/** A free TCP port on loopback (asked of the OS, then released). */
export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

export type ServerProcess = { url: string; child: ChildProcess; output: () => string; stop: () => Promise<void> };

/**
 * Starts the production build as its own process (`node server/index.js`, as `npm start` does),
 * for tests that need several instances side by side on one PostgreSQL database. Resolves once
 * `/readyz` answers 200.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  let out = "";
  const child = spawn(process.execPath, [path.resolve("server/index.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      DATA_DIR: testDataDir(),
      // What a production server on PostgreSQL must be told (ADR 244); callers override them.
      APP_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: process.env.SESSION_SECRET || "segredo-de-teste-em-loopback-".padEnd(48, "x"),
      ...(env.SMTP_URL || process.env.SMTP_URL ? {} : { EMAIL_DISABLED: "true" }),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instância terminou ao iniciar (${child.exitCode}):\n${out}`);
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`instância não ficou pronta em 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    output: () => out,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}
