// `npm run start:prod`: serves the production build as it is, in production mode. This is how a
// release starts (`npm ci --omit=dev && npm run start:prod`, nothing built on the server: issue 21
// §1, ADR 244); `npm start` builds first when needed, then comes here. Migrations run inside the
// server at start-up.
process.env.NODE_ENV = "production";
try {
  await import("../server/index.js");
} catch (err) {
  // A missing or invalid setting (app/utils/env.server.ts): its pt-BR message alone, exit code 1.
  if (err?.code !== "CONFIGURACAO_INVALIDA") throw err;
  console.error(err.message);
  process.exit(1);
}
