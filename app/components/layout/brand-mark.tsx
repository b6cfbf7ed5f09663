export function BrandMark({ className = "size-10" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#a71b1b" />
      <path d="M33 10c2 9 12 14 12 26a13 13 0 0 1-26 0c0-6 3-10 6-13 0 5 2 8 5 9-1-8 1-15 3-22z" fill="#fbbf24" />
      <path d="M32 30c1 5 6 7 6 13a6 6 0 0 1-12 0c0-4 3-6 6-13z" fill="#fff" />
    </svg>
  );
}
