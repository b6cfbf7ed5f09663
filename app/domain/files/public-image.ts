/**
 * Files that anyone may see, served by /imagens/:id (app/routes/public/image.tsx). Every other
 * purpose (agreement PDFs, complaint evidence, visit photos, …) is answered with 404 there.
 * Not a .server file: components build image URLs with `publicImageUrl`.
 */
export const PUBLIC_IMAGE_PURPOSES = ["news-cover", "partner-logo", "instagram-image"] as const;
export type PublicImagePurpose = (typeof PUBLIC_IMAGE_PURPOSES)[number];

export function isPublicImagePurpose(purpose: string): purpose is PublicImagePurpose {
  return (PUBLIC_IMAGE_PURPOSES as readonly string[]).includes(purpose);
}

/** The public URL of a stored image, or null when there is none. */
export function publicImageUrl(fileId: string | null | undefined): string | null {
  return fileId ? `/imagens/${fileId}` : null;
}
