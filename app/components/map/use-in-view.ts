import * as React from "react";

/**
 * True once the element has come within `rootMargin` of the viewport (and stays true). Used to
 * load heavy parts of a page — the map and its library — only when the visitor gets there.
 */
export function useInViewOnce<T extends Element>(rootMargin = "200px") {
  const ref = React.useRef<T>(null);
  const [inView, setInView] = React.useState(false);
  React.useEffect(() => {
    const el = ref.current;
    if (!el || inView) return;
    if (typeof IntersectionObserver === "undefined") {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [inView, rootMargin]);
  return [ref, inView] as const;
}

/**
 * A component fetched with `load` (a dynamic import) once the element behind `ref` nears the
 * viewport: `Component` is null until then, `failed` true when the import failed. `load` must be
 * stable (a module-level function).
 */
export function useLazyComponentInView<P>(
  load: () => Promise<{ default: React.ComponentType<P> }>,
  rootMargin = "150px",
  /** False holds the fetch back even in view (e.g. until a phone user asks for the map). */
  enabled = true,
) {
  const [ref, inView] = useInViewOnce<HTMLDivElement>(rootMargin);
  const [Component, setComponent] = React.useState<React.ComponentType<P> | null>(null);
  const [failed, setFailed] = React.useState(false);
  React.useEffect(() => {
    if (!inView || !enabled || Component) return;
    let alive = true;
    load()
      .then((mod) => alive && setComponent(() => mod.default))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [inView, enabled, Component, load]);
  return { ref, Component, failed };
}
