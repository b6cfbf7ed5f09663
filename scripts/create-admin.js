// `npm run user:create-admin`: creates an administrator (the first one on a production database).
// Asks for the data, or takes them from ADMIN_USERNAME, ADMIN_NAME, ADMIN_EMAIL, ADMIN_PASSWORD.
import readline from "node:readline/promises";
import { stdin, stdout } from "node:process";
import { buildIfNeeded } from "./build-if-needed.js";

// Tests run this beside a live build and ask it not to rebuild underneath them.
if (!process.env.SKIP_BUILD) buildIfNeeded();
process.env.NODE_ENV ??= "production";
process.env.SEED_DEMO = "false";
process.env.LOG_LEVEL ??= "warn";
const bundle = await import(new URL(`../${process.env.BUILD_DIR ?? "build"}/server/index.js`, import.meta.url).href);

async function ask() {
  const env = process.env;
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    return {
      username: env.ADMIN_USERNAME,
      name: env.ADMIN_NAME ?? env.ADMIN_USERNAME,
      email: env.ADMIN_EMAIL ?? "",
      password: env.ADMIN_PASSWORD,
    };
  }
  const rl = readline.createInterface({ input: stdin, output: stdout });
  const username = await rl.question("Usuário: ");
  const name = await rl.question("Nome completo: ");
  const email = await rl.question("E-mail: ");
  const password = await rl.question("Senha (mín. 8 caracteres; maiúsculas, minúsculas, números e símbolos): ");
  rl.close();
  return { username, name, email, password };
}

const input = await ask();
await bundle.init({ seed: false });
try {
  await bundle.createAdminFromCli(input);
  console.log(`Administrador "${input.username.trim().toLowerCase()}" criado.`);
  await bundle.shutdown();
  process.exit(0);
} catch (err) {
  console.error(`Não foi possível criar o administrador: ${err.message}`);
  await bundle.shutdown();
  process.exit(1);
}
