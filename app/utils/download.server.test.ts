import { describe, expect, it } from "vitest";
import { attachment, contentDisposition, download } from "./download.server";
import { AppError } from "./app-error";

describe("downloads (ADR 221)", () => {
  it("names a file in ASCII for old clients and in UTF-8 for the rest (RFC 5987)", () => {
    expect(contentDisposition("relatório de março (1).csv")).toBe(
      `attachment; filename="relatorio de marco (1).csv"; filename*=UTF-8''relat%C3%B3rio%20de%20mar%C3%A7o%20%281%29.csv`,
    );
    expect(contentDisposition('a"b\\c.pdf', "inline")).toBe(`inline; filename="abc.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`);
    expect(contentDisposition("ção.csv")).toMatch(/^attachment; filename="cao.csv"; /);
    expect(contentDisposition("日本.csv")).toMatch(/^attachment; filename=".csv"; filename\*=UTF-8''%E6%97%A5%E6%9C%AC.csv$/);
  });

  it("serves an attachment never cached nor sniffed, with its type", async () => {
    const res = attachment("a;b\n", "filiados.csv", "csv");
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await res.text()).toBe("a;b\n");
  });

  it("answers a refusal as plain-text 4xx, and a failure as plain-text 500 without the error", async () => {
    const refused = await download(async () => {
      throw new AppError(404, "Filiado não encontrado.");
    }, "Falhou.");
    expect(refused.status).toBe(404);
    expect(refused.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await refused.text()).toBe("Filiado não encontrado.");
    const failed = await download(async () => {
      throw new Error("connection terminated: secret detail");
    }, "Não foi possível gerar o relatório agora. Tente novamente.");
    expect(failed.status).toBe(500);
    expect(await failed.text()).toBe("Não foi possível gerar o relatório agora. Tente novamente.");
  });
});
