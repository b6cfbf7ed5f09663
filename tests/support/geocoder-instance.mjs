// A second (third, …) app instance for the geocoder's cross-instance limit test: loads the
// production build in its own process, opens the given PostgreSQL database and geocodes
// `count` distinct workplace addresses at once, then prints the results as one JSON line.
// Usage: node tests/support/geocoder-instance.mjs <databaseUrl> <count> <label>
import path from "node:path";

const [databaseUrl, count, label] = process.argv.slice(2);
const bundle = await import(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js"));
await bundle.init({ databaseUrl, seed: false });
try {
  const results = await Promise.all(
    Array.from({ length: Number(count) }, (_, i) =>
      bundle.geocodeAddress({ source: "workplace", street: `Quadra ${label}-${i}`, city: "Brasília", state: "DF" }),
    ),
  );
  process.stdout.write(JSON.stringify(results) + "\n");
} finally {
  await bundle.shutdown();
}
