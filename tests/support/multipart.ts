/** A file as a test uploads it: its bytes, name and (else the form's default) content type. */
export type UploadedFile = { bytes: Buffer | Uint8Array; name: string; type?: string };

/** A multipart body as a browser sends a form: the fields, and `file` (if any) under `fileField`. */
export function multipartBody(fields: Record<string, string>, fileField: string, file?: UploadedFile, defaultType = "") {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  if (file) fd.set(fileField, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? defaultType }), file.name);
  return fd;
}

/** A new active partner without a logo, as the staff form posts it (the multi-instance tests write these). */
export function newPartnerBody(name: string, description: string) {
  return multipartBody({ intent: "create", name, description, category: "Saúde", website: "", sortOrder: "1", active: "on" }, "logo");
}
