import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { fileURLToPath } from "node:url";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const FRAMEWORK_CHUNK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]|[\\/]entry\.client\.[jt]sx?$/;
// React DOM, the scheduler and React Router's DOM bindings come by a dynamic import from
// app/entry.client.tsx (public pages hydrate lazily: docs/decisions/105-home-first-load-js-floor.md),
// so they stay out of the framework chunk that every first load fetches.
const HYDRATION =
  /[\\/](node_modules[\\/](react-dom|scheduler)[\\/]|node_modules[\\/]react-router[\\/]dist[\\/][^\\/]+[\\/]dom-export\.m?js$)/;
const COMMON_CHUNK =
  /[\\/](app[\\/](utils[\\/]seo|lib[\\/]long-date|components[\\/]layout[\\/](brand-mark|skip-link|not-found-content)|components[\\/]ui[\\/]toaster|components[\\/]icons[\\/](icon|map-pin-icon))\.tsx?$|node_modules[\\/]clsx[\\/])/;
// Shared UI of the other pages (public and dashboard): buttons, fields, alerts, badges, cn,
// dates and the icons, which are references into one sprite (ADR 303).
const UI_CHUNK =
  /[\\/](app[\\/](components[\\/]ui[\\/](button|button-variants|input|alert|badge|card)|components[\\/]icons[\\/]sprite(-icon)?|lib[\\/](cn|dates))\.tsx?$|node_modules[\\/](tailwind-merge|class-variance-authority)[\\/])/;
const PUBLIC_CHUNK =
  /[\\/]app[\\/](components[\\/]icons[\\/]public-icons\.tsx$|components[\\/]layout[\\/](public-header|public-footer|account-link-classes)\.tsx?$|components[\\/]content[\\/](social-links|contact-list)\.tsx$|domain[\\/]content[\\/]contact-links\.ts$)/;

// The forms' plumbing, free of the validation library (forms.ts only imports its types; criar-rota
// fetches its schema at the form's first focus), and the Brazilian masks and look-ups.
const FORMS_CHUNK =
  /[\\/]app[\\/](components[\\/]ui[\\/](use-form-action|idempotency-key)\.tsx|components[\\/]address[\\/]cep-lookup\.ts|utils[\\/](live-validation|forms|idempotency)\.ts)$/;
const MASKS_CHUNK =
  /[\\/](app[\\/](components[\\/]ui[\\/]masked-input\.tsx|lib[\\/]br[\\/](cep|messages|masks|phone|cpf|cnpj)\.ts)$|node_modules[\\/]maska[\\/])/;
const MAPS_CHUNK =
  /[\\/]app[\\/](components[\\/]map[\\/](use-in-view|lazy-map)|components[\\/]fieldwork[\\/]lazy-workplace-map|domain[\\/]fieldwork[\\/]map-constants)\.tsx?$/;
const DIALOG_CHUNK =
  /[\\/]node_modules[\\/](@radix-ui[\\/]react-(dialog|portal|presence|focus-scope|focus-guards|dismissable-layer|primitive|compose-refs|context|id|use-controllable-state|use-callback-ref|use-escape-keydown|use-layout-effect|use-effect-event)|aria-hidden|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib)[\\/]/;
const DASHBOARD_CHUNK =
  /[\\/]app[\\/](components[\\/]layout[\\/](dashboard-shell|nav-icon|dashboard-error)|auth[\\/](sidebar|screens)|domain[\\/]notifications[\\/]notification-bell)\.tsx?$/;

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

/**
 * Each script and style sheet of the client build also written Brotli-compressed at the highest
 * quality (`name.js.br`), once at build time: the server sends it to browsers that accept `br`
 * (server/precompressed.ts), about a fifth smaller than the gzip it compresses on the fly, which
 * counts on a phone's mobile data (issue 24 §3, docs/decisions/284-field-screens-on-a-phone.md).
 */
function brotliAssets(): Plugin {
  return {
    name: "brotli-assets",
    apply: "build",
    writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        const br = zlib.brotliCompressSync(body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        });
        fs.writeFileSync(`${file}.br`, br);
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => {
  return {
    resolve: {
      alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
    },
    // Bundled into the server build, so only what the app uses is there: imported from
    // node_modules, radix-ui loads every primitive and date-fns every function
    // (docs/decisions/104-server-memory.md). Icons come from one sprite (ADR 303), not lucide-react.
    ssr: { noExternal: ["radix-ui", /^@radix-ui\//, "date-fns", "@date-fns/tz"] },
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
                  // The dashboard's frame: below the shared UI, so it never takes those in.
                  // Radix's dialog and what it stands on, on their own (public dialogs and the toasts
                  // use them too), so the dashboard's frame below does not take them in.
                  { name: "dialog", test: DIALOG_CHUNK, priority: 4 },
                  // The contact sectors, which the public contact page reads too: apart from the frame.
                  { name: "scopes", test: /[\\/]app[\\/]auth[\\/]scopes\.ts$/, priority: 4 },
                  // The forms' plumbing (live checks, the CEP look-up), the masks, and the maps' lazy
                  // frame: small modules that the field pages, and many others, load together.
                  { name: "forms", test: FORMS_CHUNK, priority: 2 },
                  { name: "masks", test: MASKS_CHUNK, priority: 3 },
                  { name: "maps", test: MAPS_CHUNK, priority: 2 },
                  // The dashboard's frame: below the groups above, so it never takes their modules.
                  { name: "dashboard", test: DASHBOARD_CHUNK, priority: 3 },
                ],
              },
            },
          },
        },
    plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [testHooksEntry()] : [brotliAssets()])],
  };
});
