import { z } from "zod";
import { env } from "~/utils/env.server";
import { recordServiceCall } from "./service-status.server";
import { networkReason } from "./external-service.server";

/**
 * The one module that talks to the Instagram Graph API (brief item 13). Base URL
 * (INSTAGRAM_API_URL), token (INSTAGRAM_ACCESS_TOKEN) and timeout (INSTAGRAM_TIMEOUT_MS) come
 * from the environment. The cache is the `instagram_posts` table: the site only ever reads
 * from there, so Instagram being slow or down never slows a page.
 *
 * The access token travels as a query parameter (as the Graph API documents); it is never
 * logged: errors carry the path only.
 */

export const INSTAGRAM_MEDIA_FIELDS = "id,caption,media_type,media_url,permalink,timestamp,thumbnail_url";

/** Largest image we are willing to copy from Instagram's CDN. */
export const INSTAGRAM_MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export type InstagramFailure = "http" | "timeout" | "network" | "invalid";

export class InstagramError extends Error {
  constructor(
    public readonly kind: InstagramFailure,
    message: string,
    public readonly status?: number,
  ) {
    super(message);
    this.name = "InstagramError";
  }
}

const mediaSchema = z.object({
  id: z.string().min(1),
  caption: z.string().nullish(),
  media_type: z.string().nullish(),
  media_url: z.string().url().nullish(),
  thumbnail_url: z.string().url().nullish(),
  permalink: z.string().url(),
  timestamp: z.string().refine((s) => !Number.isNaN(Date.parse(s)), "timestamp inválido"),
});
const responseSchema = z.object({ data: z.array(mediaSchema) });

export type InstagramMedia = {
  id: string;
  caption: string | null;
  mediaType: string | null;
  /** The picture to show: the image itself, or a video's thumbnail. */
  imageUrl: string | null;
  mediaUrl: string | null;
  permalink: string;
  timestamp: Date;
};

export function instagramConfigured() {
  return Boolean(env().INSTAGRAM_ACCESS_TOKEN);
}

async function request(url: URL, what: string): Promise<Response> {
  const timeoutMs = env().INSTAGRAM_TIMEOUT_MS;
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: "follow", headers: { Accept: "*/*" } });
  } catch (error) {
    const name = (error as { name?: string })?.name;
    if (name === "TimeoutError" || name === "AbortError") {
      throw new InstagramError("timeout", `${what}: sem resposta em ${timeoutMs} ms`);
    }
    throw new InstagramError("network", `${what}: falha de rede (${networkReason(error)})`);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new InstagramError("http", `${what}: HTTP ${res.status}`, res.status);
  }
  return res;
}

/**
 * The account's latest media (`GET /me/media`), newest first. Each call's outcome is recorded
 * for the diagnostics page.
 */
export async function fetchInstagramMedia(opts: { limit?: number } = {}): Promise<InstagramMedia[]> {
  try {
    const media = await requestMedia(opts);
    await recordServiceCall("instagram", true);
    return media;
  } catch (error) {
    await recordServiceCall("instagram", false, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

async function requestMedia(opts: { limit?: number }): Promise<InstagramMedia[]> {
  const { INSTAGRAM_ACCESS_TOKEN: token, INSTAGRAM_API_URL: base } = env();
  if (!token) throw new InstagramError("invalid", "INSTAGRAM_ACCESS_TOKEN não configurado");
  const url = new URL("me/media", base.endsWith("/") ? base : `${base}/`);
  url.searchParams.set("fields", INSTAGRAM_MEDIA_FIELDS);
  url.searchParams.set("limit", String(opts.limit ?? 12));
  url.searchParams.set("access_token", token);
  const res = await request(url, "GET /me/media");
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new InstagramError("invalid", "GET /me/media: resposta não é JSON");
  }
  const parsed = responseSchema.safeParse(body);
  if (!parsed.success) throw new InstagramError("invalid", "GET /me/media: resposta em formato inesperado");
  return parsed.data.data
    .map((m) => ({
      id: m.id,
      caption: m.caption ?? null,
      mediaType: m.media_type ?? null,
      mediaUrl: m.media_url ?? null,
      imageUrl: (m.media_type === "VIDEO" ? m.thumbnail_url : m.media_url) ?? m.thumbnail_url ?? null,
      permalink: m.permalink,
      timestamp: new Date(m.timestamp),
    }))
    .sort((a, b) => b.timestamp.getTime() - a.timestamp.getTime());
}

/** Downloads one image from Instagram's CDN, refusing anything larger than the limit. */
export async function fetchInstagramImage(imageUrl: string): Promise<Buffer> {
  const url = new URL(imageUrl);
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new InstagramError("invalid", "URL de imagem inválida");
  const res = await request(url, "imagem do Instagram");
  const declared = Number(res.headers.get("content-length") ?? "0");
  if (declared > INSTAGRAM_MAX_IMAGE_BYTES) {
    await res.body?.cancel().catch(() => {});
    throw new InstagramError("invalid", "imagem do Instagram grande demais");
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > INSTAGRAM_MAX_IMAGE_BYTES) throw new InstagramError("invalid", "imagem do Instagram grande demais");
      chunks.push(Buffer.from(chunk));
    }
  } catch (error) {
    if (error instanceof InstagramError) throw error;
    const name = (error as { name?: string })?.name;
    throw new InstagramError(
      name === "TimeoutError" || name === "AbortError" ? "timeout" : "network",
      "imagem do Instagram: download interrompido",
    );
  }
  return Buffer.concat(chunks);
}
