import { NotFoundContent } from "./not-found-content";

/** The not-found page (public 404 and an unknown /dashboard segment): one body, NotFoundContent. */
export function NotFoundMessage() {
  return (
    <section className="container-page grid place-items-center py-24" data-testid="not-found">
      <NotFoundContent />
    </section>
  );
}
