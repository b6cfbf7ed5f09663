import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { fileURLToPath } from "node:url";

const FRAMEWORK_CHUNK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]|[\\/]entry\.client\.[jt]sx?$/;
// React DOM, the scheduler and React Router's DOM bindings come by a dynamic import from
// app/entry.client.tsx (public pages hydrate lazily: docs/decisions/105-home-first-load-js-floor.md),
// so they stay out of the framework chunk that every first load fetches.
const HYDRATION =
  /[\\/](node_modules[\\/](react-dom|scheduler)[\\/]|node_modules[\\/]react-router[\\/]dist[\\/][^\\/]+[\\/]dom-export\.m?js$)/;
const COMMON_CHUNK =
  /[\\/](app[\\/](utils[\\/]seo|lib[\\/]long-date|components[\\/]layout[\\/]brand-mark|components[\\/]ui[\\/]toaster|components[\\/]icons[\\/]icon)\.tsx?$|node_modules[\\/]clsx[\\/])/;
// Shared UI of the other pages (public and dashboard): buttons, fields, alerts, badges, cn,
// dates and lucide-react's icon factory (each icon stays in its own small chunk).
const UI_CHUNK =
  /[\\/](app[\\/](components[\\/]ui[\\/](button|button-variants|input|alert|badge|card)|lib[\\/](cn|dates))\.tsx?$|node_modules[\\/](tailwind-merge|class-variance-authority)[\\/]|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|context|defaultAttributes|shared[\\/]))/;
const PUBLIC_CHUNK =
  /[\\/]app[\\/](components[\\/]icons[\\/]public-icons\.tsx$|components[\\/]layout[\\/](public-header|public-footer|account-link-classes)\.tsx?$|components[\\/]content[\\/](social-links|contact-list)\.tsx$|domain[\\/]content[\\/]contact-links\.ts$)/;

/**
 * The server build's second entry, build/server/test-hooks.js: the internals tests reach beside
 * the running server (server/test-hooks.ts, docs/decisions/250). Emitted in the same build as the
 * server entry, so both share their modules (one database handle, one job registry); the
 * production server never imports it.
 */
function testHooksEntry(): Plugin {
  return {
    name: "test-hooks-entry",
    apply: "build",
    buildStart() {
      this.emitFile({ type: "chunk", id: fileURLToPath(new URL("./server/test-hooks.ts", import.meta.url)), fileName: "test-hooks.js" });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // Bundled into the server build, so only what the app uses is there: imported from
  // node_modules, lucide-react loads all of its ~1,600 icons (≈ 44 MB of a server's memory),
  // radix-ui every primitive and date-fns every function (docs/decisions/104-server-memory.md).
  ssr: { noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//, "date-fns", "@date-fns/tz"] },
  build: isSsrBuild
    ? {
        // The server bundle's entry is our own HTTP app (headers, health, shutdown),
        // which mounts the React Router handler from the virtual server build.
        rollupOptions: { input: "./server/app.ts" },
      }
    : {
        rolldownOptions: {
          output: {
            // Small modules that load together share one chunk instead of a dozen tiny ones
            // (each file costs a request and compresses worse on its own): see
            // docs/decisions/044-public-bundle.md. Only these groups; everything else splits
            // as usual. A group also takes in its modules' dependencies, so the framework is
            // grouped first (highest priority) to keep React out of the small groups.
            codeSplitting: {
              groups: [
                // The client entry, React, React Router and the small modules every page loads
                // anyway (root's toaster, meta tags, the brand mark, clsx, the icon factory): one file, which also
                // takes Rolldown's runtime helpers (else a chunk of their own).
                {
                  name: "framework",
                  test: (id: string) => (FRAMEWORK_CHUNK.test(id) && !HYDRATION.test(id)) || COMMON_CHUNK.test(id),
                  priority: 30,
                },
                // Fetched by the client entry when the page hydrates (at once, or lazily). Below
                // the framework, which must keep React itself (a group takes its dependencies).
                { name: "react-dom", test: HYDRATION, priority: 20 },
                // The public layout's and the home page's shared pieces.
                { name: "public", test: PUBLIC_CHUNK, priority: 10 },
                { name: "ui", test: UI_CHUNK, priority: 5 },
              ],
            },
          },
        },
      },
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [testHooksEntry()] : [])],
}));
