import * as React from "react";

/**
 * A callback ref for a component that needs its own element and takes the caller's `ref` too:
 * the element goes into `own` and on to `ref` (a function or an object ref, when given).
 */
export function useSharedRef<T>(own: React.RefObject<T | null>, ref: React.Ref<T> | undefined) {
  return React.useCallback(
    (el: T | null) => {
      own.current = el;
      if (typeof ref === "function") ref(el);
      else if (ref) ref.current = el;
    },
    [own, ref],
  );
}
