import { afterAll, beforeAll } from "vitest";
import type { Role } from "~/auth/roles";
import { createUser, type CreatedUser } from "~/db/factories/users";
import { startTestServer, type TestServer, type TestServerOptions } from "./server";
import { Client } from "./http";

/** Who to sign in as: a role (that role's staff user of this file) or a user a test created. */
export type Who = Role | { username: string; password: string };

export type SuiteOptions = Omit<TestServerOptions, "env"> & {
  /** Environment for the server; a function when it depends on something an earlier hook started (a fake). */
  env?: Record<string, string> | (() => Record<string, string>);
};

/**
 * One in-process server for a test file, started in `beforeAll` and closed in `afterAll`, plus
 * the staff users its tests sign in as. Without `seed`, the database starts empty: a test
 * creates what it needs with the factories (`createX(t.db, …)`) in its own `beforeAll`, which
 * runs after the server is up.
 */
export class ServerSuite {
  #server: TestServer | undefined;
  #staff = new Map<Role, Promise<CreatedUser>>();

  async start(options: SuiteOptions) {
    const env = typeof options.env === "function" ? options.env() : options.env;
    this.#server = await startTestServer({ ...options, env });
  }

  async stop() {
    await this.#server?.close();
    this.#server = undefined;
    this.#staff.clear();
  }

  get server(): TestServer {
    if (!this.#server) throw new Error("servidor de teste ainda não iniciado: use-o dentro de um teste ou de um hook");
    return this.#server;
  }

  get url() {
    return this.server.url;
  }

  /** The server's own database handle, for the factories. */
  get db() {
    return this.server.hooks.db();
  }

  /** Raw SQL against the server's database (asserting what was or wasn't written). */
  query: TestServer["query"] = (text, ...values) => this.server.query(text, ...values);

  /** How many rows `table` holds (e.g. that a refused form added none). */
  async count(table: string): Promise<number> {
    const [r] = await this.query<{ n: number }>([`select count(*)::int as n from ${table}`] as unknown as TemplateStringsArray);
    return r.n;
  }

  /**
   * The staff user of `role` for this file (created by the factory on first use, then reused),
   * with its plain password.
   */
  user(role: Role): Promise<CreatedUser> {
    let user = this.#staff.get(role);
    if (!user) {
      user = createUser(this.db, { role });
      this.#staff.set(role, user);
      // A failed insert must not be cached.
      user.catch(() => this.#staff.delete(role));
    }
    return user;
  }

  protected async credentials(who: Who) {
    return typeof who === "string" ? this.user(who) : who;
  }
}

export class HttpSuite extends ServerSuite {
  /** A new HTTP client signed in (its own session) through POST /login. */
  async login(who: Who): Promise<Client> {
    const { username, password } = await this.credentials(who);
    const client = new Client(this.url);
    await client.login(username, password);
    return client;
  }

  /** A signed-out HTTP client. */
  anonymous() {
    return new Client(this.url);
  }
}

/**
 * One thing per role for the whole file, made in a `beforeAll` registered where this is called
 * (after the server's, before the file's own later hooks), and read back by role inside the tests.
 */
function perRole<T>(roles: readonly Role[], make: (role: Role) => Promise<T>, helper: string): (role: Role) => T {
  const made = new Map<Role, T>();
  beforeAll(async () => {
    for (const role of roles) made.set(role, await make(role));
  });
  return (role) => {
    const value = made.get(role);
    if (value === undefined) throw new Error(`${role} não foi preparado: inclua o papel em ${helper}(…) e use-o dentro de um teste`);
    return value;
  };
}

/**
 * Signs each of `roles` in once for the file and answers that role's client:
 *
 *     const t = useTestServer();
 *     const as = signedIn(t, ["admin", "juridico"]);
 *     it("…", async () => { const res = await as("admin").get("/dashboard/admin"); … });
 */
export function signedIn(t: HttpSuite, roles: readonly Role[]): (role: Role) => Client {
  return perRole(roles, (role) => t.login(role), "signedIn");
}

/**
 * The staff user of each of `roles` (`t.user(role)`), created once for the file, for the tests that
 * need its username, password or e-mail: `const staffUser = staffUsers(t, ["admin"]); staffUser("admin").email`.
 */
export function staffUsers(t: ServerSuite, roles: readonly Role[]): (role: Role) => CreatedUser {
  return perRole(roles, (role) => t.user(role), "staffUsers");
}

/**
 * Call once at the top of an integration test file:
 *
 *     const t = useTestServer();
 *     beforeAll(async () => { agreement = await createAgreement(t.db, { isPublic: false }); });
 *     it("…", async () => { const admin = await t.login("admin"); … });
 */
export function useTestServer(options: SuiteOptions = {}) {
  const suite = new HttpSuite();
  beforeAll(() => suite.start(options));
  afterAll(() => suite.stop());
  return suite;
}
