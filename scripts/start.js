// `npm start`: build when needed, then serve the production build (migrations and demo seed
// run inside the server at start-up).
import { buildIfNeeded } from "./build-if-needed.js";

buildIfNeeded();
process.env.NODE_ENV = "production";
await import("../server/index.js");
