import { redirect } from "react-router";
import { z } from "zod";
import { hostCookieName, readCookie } from "~/auth/session.server";
import { cookieSecure } from "./env.server";
import { hmacHex, safeEqual } from "./crypto.server";
import { appSecret } from "./secrets.server";

/** One-shot toast messages carried across a redirect in a signed cookie (`__Host-flash` when Secure). */
const cookieName = () => hostCookieName("flash");
const flashSchema = z.object({
  type: z.enum(["success", "error", "info"]),
  message: z.string().max(500),
});
export type Flash = z.infer<typeof flashSchema>;

export async function flashCookie(flash: Flash) {
  const body = Buffer.from(JSON.stringify(flash)).toString("base64url");
  const sig = hmacHex(await appSecret(), `flash:${body}`);
  return `${cookieName()}=${body}.${sig}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60${cookieSecure() ? "; Secure" : ""}`;
}

export function clearFlashCookie() {
  return `${cookieName()}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${cookieSecure() ? "; Secure" : ""}`;
}

export async function readFlash(request: Request): Promise<Flash | null> {
  const raw = readCookie(request, cookieName());
  if (!raw) return null;
  const [body, sig] = raw.split(".");
  if (!body || !sig || !safeEqual(sig, hmacHex(await appSecret(), `flash:${body}`))) return null;
  try {
    const parsed = flashSchema.safeParse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function redirectWithFlash(url: string, flash: Flash, init: { headers?: [string, string][] } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashCookie(flash));
  return redirect(url, { headers });
}
