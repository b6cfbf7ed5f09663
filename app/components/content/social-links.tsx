import * as React from "react";
import type { InstitutionalContent } from "~/domain/content/institutional";
// clsx, not ~/lib/cn: no class here overrides another, and public pages don't load tailwind-merge.
import { clsx as cn } from "clsx";
import { NewTabLink } from "~/components/ui/new-tab-link";
import { STROKE_ICON } from "~/components/icons/icon";

// Brand glyphs drawn as simple strokes (lucide's newer releases ship no brand icons).
function Glyph({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <svg {...STROKE_ICON} className={className} aria-hidden="true">
      {children}
    </svg>
  );
}

export function InstagramGlyph({ className }: { className?: string }) {
  return (
    <Glyph className={className}>
      <rect width="20" height="20" x="2" y="2" rx="5" ry="5" />
      <path d="M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z" />
      <line x1="17.5" x2="17.51" y1="6.5" y2="6.5" />
    </Glyph>
  );
}

export function FacebookGlyph({ className }: { className?: string }) {
  return (
    <Glyph className={className}>
      <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
    </Glyph>
  );
}

export function YoutubeGlyph({ className }: { className?: string }) {
  return (
    <Glyph className={className}>
      <path d="M2.5 17a24.12 24.12 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.56 49.56 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24.12 24.12 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.55 49.55 0 0 1-16.2 0A2 2 0 0 1 2.5 17" />
      <path d="m10 15 5-3-5-3z" />
    </Glyph>
  );
}

export function WhatsappGlyph({ className }: { className?: string }) {
  return (
    <Glyph className={className}>
      <path d="M7.9 20A9 9 0 1 0 4 16.1L2 22Z" />
      <path d="M9 8.5c0 3.6 2.9 6.5 6.5 6.5l1-1.6-2.1-1-1 .9a4.6 4.6 0 0 1-2.2-2.2l.9-1-1-2.1z" strokeWidth={1.5} />
    </Glyph>
  );
}

export function socialEntries(social: InstitutionalContent["social"]) {
  return [
    { key: "instagram", href: social.instagram, label: "Instagram", Icon: InstagramGlyph },
    { key: "facebook", href: social.facebook, label: "Facebook", Icon: FacebookGlyph },
    { key: "youtube", href: social.youtube, label: "YouTube", Icon: YoutubeGlyph },
  ].filter((s) => s.href);
}

/** Round icon links to the union's social profiles (only those configured). */
export function SocialLinks({
  social,
  tone = "dark",
  className,
}: {
  social: InstitutionalContent["social"];
  tone?: "light" | "dark";
  className?: string;
}) {
  const entries = socialEntries(social);
  if (!entries.length) return null;
  return (
    <ul className={cn("flex flex-wrap gap-2", className)} aria-label="Redes sociais">
      {entries.map(({ key, href, label, Icon }) => (
        <li key={key}>
          <NewTabLink
            href={href}
            note={`${label} (abre em nova aba)`}
            className={cn(
              "inline-flex size-11 items-center justify-center rounded-full transition-colors",
              tone === "dark" ? "bg-white/10 text-white hover:bg-brand-700" : "bg-brand-50 text-brand-800 hover:bg-brand-100",
            )}
          >
            <Icon className="size-5" />
          </NewTabLink>
        </li>
      ))}
    </ul>
  );
}
