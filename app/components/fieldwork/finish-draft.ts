/**
 * The finish form's draft, kept in the browser (localStorage) until the server confirms, so a
 * weak signal, a reload or a closed tab never loses a visit. The token makes a resend
 * idempotent on the server. The photo is kept as a shrunk JPEG data URL.
 */
export type FinishDraft = { token: string; fields: Record<string, string>; photo?: string | null; savedAt: number };

const key = (routeId: string) => `visita-rascunho:${routeId}`;

export function newToken() {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

export function loadDraft(routeId: string): FinishDraft | null {
  try {
    const raw = localStorage.getItem(key(routeId));
    if (!raw) return null;
    const d = JSON.parse(raw) as FinishDraft;
    return typeof d?.token === "string" && d.fields && typeof d.fields === "object" ? d : null;
  } catch {
    return null;
  }
}

export function saveDraft(routeId: string, draft: FinishDraft) {
  try {
    localStorage.setItem(key(routeId), JSON.stringify(draft));
    return true;
  } catch {
    // Storage full (a big photo): keep the typed fields at least.
    try {
      localStorage.setItem(key(routeId), JSON.stringify({ ...draft, photo: null }));
    } catch {
      /* private mode without storage: nothing to keep */
    }
    return false;
  }
}

export function clearDraft(routeId: string) {
  try {
    localStorage.removeItem(key(routeId));
  } catch {
    /* ignore */
  }
}

/** Shrinks a camera photo to at most `maxSide` px as JPEG (also drops its metadata client side). */
export async function shrinkPhoto(file: File, maxSide = 1280): Promise<string> {
  const url = URL.createObjectURL(file);
  try {
    const img = await new Promise<HTMLImageElement>((resolve, reject) => {
      const i = new Image();
      i.onload = () => resolve(i);
      i.onerror = reject;
      i.src = url;
    });
    const scale = Math.min(1, maxSide / Math.max(img.naturalWidth, img.naturalHeight));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
    canvas.getContext("2d")?.drawImage(img, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL("image/jpeg", 0.8);
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function dataUrlToBlob(dataUrl: string): Blob {
  const [head, body] = dataUrl.split(",");
  const mime = /data:([^;]+)/.exec(head)?.[1] ?? "image/jpeg";
  const bin = atob(body);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type: mime });
}
