import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkServerConfig, parseEnv } from "~/utils/env.server";

/** Issue 21 §4, ADR 244: the production server's required settings and the `*_FILE` secrets. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sind-env-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function secretFile(name: string, content: string) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

const SECRET = "s".repeat(48);
const PRODUCTION = {
  NODE_ENV: "production",
  DATABASE_URL: "postgres://sindicato@db.interno:5432/sindicato",
  APP_URL: "https://www.sindicato.exemplo.org",
  SMTP_URL: "smtps://u:p@smtp.exemplo.org:465",
  SESSION_SECRET: SECRET,
};

function problems(source: Record<string, string | undefined>) {
  try {
    checkServerConfig(parseEnv(source));
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("production settings (NODE_ENV=production with DATABASE_URL)", () => {
  it("a complete configuration starts", () => {
    expect(problems(PRODUCTION)).toBeNull();
  });

  it.each(["APP_URL", "SMTP_URL", "SESSION_SECRET"])("without %s: refused, naming the variable in pt-BR", (name) => {
    const message = problems({ ...PRODUCTION, [name]: undefined });
    expect(message).toContain("Configuração incompleta para produção");
    expect(message).toMatch(new RegExp(`^  ${name}: obrigatória em produção com DATABASE_URL`, "m"));
    // Only the missing one is named.
    for (const other of ["APP_URL", "SMTP_URL", "SESSION_SECRET"].filter((n) => n !== name)) expect(message).not.toContain(`  ${other}:`);
  });

  it("an empty variable counts as missing, and all missing ones are named at once", () => {
    const message = problems({
      NODE_ENV: "production",
      DATABASE_URL: PRODUCTION.DATABASE_URL,
      APP_URL: "",
      SMTP_URL: "",
      SESSION_SECRET: "",
    });
    expect(message).toContain("  APP_URL: ");
    expect(message).toContain("  SMTP_URL: ");
    expect(message).toContain("EMAIL_DISABLED=true");
    expect(message).toContain("  SESSION_SECRET: ");
  });

  it("EMAIL_DISABLED=true runs without e-mail, on purpose; with SMTP_URL too it is a contradiction", () => {
    expect(problems({ ...PRODUCTION, SMTP_URL: undefined, EMAIL_DISABLED: "true" })).toBeNull();
    expect(problems({ ...PRODUCTION, SMTP_URL: undefined, EMAIL_DISABLED: "false" })).toContain("  SMTP_URL: ");
    expect(problems({ ...PRODUCTION, EMAIL_DISABLED: "true" })).toContain(
      "EMAIL_DISABLED: defina SMTP_URL ou EMAIL_DISABLED=true, não as duas.",
    );
  });

  it("the embedded database and development need none of them", () => {
    expect(problems({ NODE_ENV: "production" })).toBeNull();
    expect(problems({ NODE_ENV: "development", DATABASE_URL: PRODUCTION.DATABASE_URL })).toBeNull();
    expect(problems({ NODE_ENV: "test", DATABASE_URL: PRODUCTION.DATABASE_URL })).toBeNull();
  });
});

describe("secrets from files (*_FILE)", () => {
  it("reads each one, without the trailing newline", () => {
    const e = parseEnv({
      ...PRODUCTION,
      SESSION_SECRET: undefined,
      SESSION_SECRET_FILE: secretFile("session", `${SECRET}\n`),
      DATABASE_URL: undefined,
      DATABASE_URL_FILE: secretFile("db", `${PRODUCTION.DATABASE_URL}\r\n`),
      SMTP_URL: undefined,
      SMTP_URL_FILE: secretFile("smtp", PRODUCTION.SMTP_URL),
      INSTAGRAM_ACCESS_TOKEN_FILE: secretFile("ig", "token-do-instagram\n"),
    });
    expect(e.SESSION_SECRET).toBe(SECRET);
    expect(e.DATABASE_URL).toBe(PRODUCTION.DATABASE_URL);
    expect(e.SMTP_URL).toBe(PRODUCTION.SMTP_URL);
    expect(e.INSTAGRAM_ACCESS_TOKEN).toBe("token-do-instagram");
    expect(() => checkServerConfig(e)).not.toThrow();
  });

  it("only the last newline is trimmed: the rest of the content is the secret, validated as the variable", () => {
    const e = parseEnv({ SESSION_SECRET_FILE: secretFile("two-lines", `${SECRET}\n\n`) });
    expect(e.SESSION_SECRET).toBe(`${SECRET}\n`);
    expect(() => parseEnv({ SESSION_SECRET_FILE: secretFile("short", "curto\n") })).toThrow(/SESSION_SECRET: /);
  });

  it("refuses a file it cannot read, an empty file, and both forms at once, naming the variable", () => {
    const missing = path.join(dir, "nao-existe");
    expect(() => parseEnv({ SESSION_SECRET_FILE: missing })).toThrow(
      `SESSION_SECRET_FILE: não foi possível ler o arquivo ${missing} (ENOENT).`,
    );
    const empty = secretFile("empty", "\n");
    expect(() => parseEnv({ SMTP_URL_FILE: empty })).toThrow(`SMTP_URL_FILE: o arquivo ${empty} está vazio.`);
    expect(() =>
      parseEnv({ DATABASE_URL: PRODUCTION.DATABASE_URL, DATABASE_URL_FILE: secretFile("db2", PRODUCTION.DATABASE_URL) }),
    ).toThrow("DATABASE_URL_FILE: defina DATABASE_URL ou DATABASE_URL_FILE, não as duas.");
  });

  it("a URL read from a file is validated like the variable", () => {
    expect(() => parseEnv({ DATABASE_URL_FILE: secretFile("bad-url", "isto não é url\n") })).toThrow(/^ {2}DATABASE_URL: /m);
  });
});

describe("replies by e-mail (issue 22 §5, ADR 264)", () => {
  it("SERVICE_REPLY_DOMAIN must be a domain; INBOUND_SMTP_PORT needs it", () => {
    expect(parseEnv({ SERVICE_REPLY_DOMAIN: "respostas.sindicato.exemplo.org" }).SERVICE_REPLY_DOMAIN).toBe(
      "respostas.sindicato.exemplo.org",
    );
    expect(() => parseEnv({ SERVICE_REPLY_DOMAIN: "atendimento@sindicato.org" })).toThrow(/SERVICE_REPLY_DOMAIN: precisa ser um domínio/);
    expect(() => parseEnv({ INBOUND_SMTP_PORT: "2525" })).toThrow(/INBOUND_SMTP_PORT: defina também SERVICE_REPLY_DOMAIN/);
    expect(() => parseEnv({ INBOUND_SMTP_PORT: "0", SERVICE_REPLY_DOMAIN: "x.org" })).toThrow(/INBOUND_SMTP_PORT/);
    const ok = parseEnv({ INBOUND_SMTP_PORT: "2525", SERVICE_REPLY_DOMAIN: "x.org" });
    expect([ok.INBOUND_SMTP_PORT, ok.INBOUND_SMTP_HOST]).toEqual([2525, "127.0.0.1"]);
  });
});
