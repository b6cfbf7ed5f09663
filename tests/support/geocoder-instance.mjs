// A second (third, …) app instance for the geocoder's cross-instance limit test: loads the
// production build in its own process, opens the given PostgreSQL database and geocodes
// `count` distinct workplace addresses at once, then prints the results as one JSON line.
// Usage: node tests/support/geocoder-instance.mjs <databaseUrl> <count> <label>
import path from "node:path";
import { pathToFileURL } from "node:url";

const [databaseUrl, count, label] = process.argv.slice(2);
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build", "server");
const bundle = await import(pathToFileURL(path.join(buildDir, "index.js")).href);
// geocodeAddress from the build's test hooks (server/test-hooks.ts), on the same modules as init().
const hooks = await import(pathToFileURL(path.join(buildDir, "test-hooks.js")).href);
await bundle.init({ databaseUrl, seed: false });
try {
  const results = await Promise.all(
    Array.from({ length: Number(count) }, (_, i) =>
      hooks.geocodeAddress({ source: "workplace", street: `Quadra ${label}-${i}`, city: "Brasília", state: "DF" }),
    ),
  );
  process.stdout.write(JSON.stringify(results) + "\n");
} finally {
  await bundle.shutdown();
}
