import type { Sharp, SharpOptions } from "sharp";
import type sharpModule from "sharp";

type SharpFactory = typeof sharpModule;
let loaded: Promise<SharpFactory> | undefined;

/**
 * sharp (libvips), loaded on first use with its operation cache off. The public pages never
 * need it, and libvips' default cache keeps up to 50 MB of decoded images resident after a
 * seed or an upload (docs/decisions/104-server-memory.md). Every image the app handles is
 * processed once, so the cache only ever cost memory.
 */
export function loadSharp(): Promise<SharpFactory> {
  loaded ??= import("sharp").then((m) => {
    const sharp = m.default;
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/** `sharp(input, options)`, after loading it. */
export async function sharpOf(input: NonNullable<Parameters<SharpFactory>[0]> | SharpOptions, options?: SharpOptions): Promise<Sharp> {
  const sharp = await loadSharp();
  return options === undefined ? sharp(input as never) : sharp(input as never, options);
}
