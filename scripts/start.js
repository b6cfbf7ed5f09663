// `npm start`: build when needed, then serve the production build (scripts/start-prod.js, which a
// release runs alone; migrations and demo seed run inside the server at start-up).
import { buildIfNeeded } from "./build-if-needed.js";

buildIfNeeded();
await import("./start-prod.js");
