import v8 from "node:v8";
import vm from "node:vm";

let gc: (() => void) | null | undefined;

/**
 * A full garbage collection now (ADR 253). A long import allocates gigabytes of short-lived
 * objects across awaits; V8 promotes many of them and grows the old space rather than collect
 * it, so RSS climbs hundreds of MB above what is alive. The import calls this every few thousand
 * rows. V8's `gc` is exposed for the call (Node's `--expose-gc`); where that fails, nothing happens.
 */
export function collectGarbage() {
  if (gc === undefined) {
    try {
      v8.setFlagsFromString("--expose-gc");
      gc = vm.runInNewContext("gc") as () => void;
    } catch {
      gc = null;
    }
  }
  gc?.();
}
