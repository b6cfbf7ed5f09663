/** Upload kinds the original allows, decided by content (magic bytes), never by name. */
export const FILE_KINDS = {
  jpeg: { mime: "image/jpeg", ext: "jpg", image: true },
  png: { mime: "image/png", ext: "png", image: true },
  gif: { mime: "image/gif", ext: "gif", image: true },
  webp: { mime: "image/webp", ext: "webp", image: true },
  pdf: { mime: "application/pdf", ext: "pdf", image: false },
  mp3: { mime: "audio/mpeg", ext: "mp3", image: false },
  wav: { mime: "audio/wav", ext: "wav", image: false },
} as const;
export type FileKind = keyof typeof FILE_KINDS;

export const IMAGE_KINDS: FileKind[] = ["jpeg", "png", "gif", "webp"];
export const MB = 1024 * 1024;

export const UPLOAD_MESSAGES = {
  tooLarge: (mb: number) => `Arquivo muito grande. Máximo ${mb}MB.`,
} as const;
