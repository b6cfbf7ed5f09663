import net from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { getJson } from "./external-service.server";
import { serviceErrorText } from "~/domain/diagnostics/diagnostics";

describe("a service that cannot be reached", () => {
  let port = 0;
  beforeAll(async () => {
    // A port that was free a moment ago and is closed now: the connection is refused.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });

  it("is a network failure named by the system's code, not fetch's English 'fetch failed'", async () => {
    const error = await getJson("cep", new URL(`http://127.0.0.1:${port}/ws/70000000/json/`), { timeoutMs: 5000 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "ExternalServiceError", service: "cep", kind: "network" });
    expect((error as Error).message).toBe("cep: falha de rede (ECONNREFUSED)");
  });

  it("reads on the diagnostics page without the kind and service codes in front", () => {
    expect(serviceErrorText("network: cep: falha de rede (ECONNREFUSED)")).toBe("falha de rede (ECONNREFUSED)");
    expect(serviceErrorText("timeout: geocoder: sem resposta em 5000 ms")).toBe("sem resposta em 5000 ms");
    // A job's error, as the failures table shows it: the service's code name goes too.
    expect(serviceErrorText("geocoder: falha de rede (ENOTFOUND)")).toBe("falha de rede (ENOTFOUND)");
    // What was recorded some other way stays as it is.
    expect(serviceErrorText("HTTP 503 do geocodificador")).toBe("HTTP 503 do geocodificador");
  });
});
