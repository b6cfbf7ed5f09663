/** "Pular para o conteúdo": the first link of a layout, shown when focused, to the main content's id. */
export function SkipLink({ to }: { to: string }) {
  return (
    <a
      href={`#${to}`}
      className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
    >
      Pular para o conteúdo
    </a>
  );
}
