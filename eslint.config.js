// ESLint (flat config): the guardrails CI runs before the tests (issue 20 §1, ADR 220).
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

/** The floors of the code (architecture.md): a module may import only from the floors below it. */
const zones = [
  { target: "./app/routes", from: "./app/db", message: "Rotas não acessam o banco: chame um caso de uso em app/domain." },
  { target: "./app/components", from: "./app/db", message: "Componentes não importam o banco (nem tabelas Drizzle)." },
  {
    target: "./app/lib",
    from: ["./app/utils", "./app/domain", "./app/db"],
    message: "app/lib é a base: não importa utils, domain nem db.",
  },
  {
    target: "./app/domain",
    from: ["./app/db/factories", "./app/db/seed"],
    message: "O domínio não usa fábricas de teste nem a semente de demonstração.",
  },
  { target: "./app/utils", from: "./app/components", message: "app/utils não importa componentes." },
  { target: "./app/domain", from: ["./app/routes", "./app/components"], message: "O domínio não importa rotas nem componentes." },
  {
    target: ["./app/auth/roles.ts", "./app/auth/screens.ts", "./app/auth/sidebar.ts", "./app/auth/scopes.ts"],
    from: "./app/domain",
    message: "A tabela de papéis (perfis, telas, menu, escopos) não importa código do domínio.",
  },
];

export default tseslint.config(
  {
    ignores: ["build/**", "release/**", "node_modules/**", ".react-router/**", "data/**", "tests/.artifacts/**", "public/**", "**/*.tmp.*"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "import-x": importX },
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: { ...globals.node } },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { zones }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
    },
  },
  {
    // Use-case tests beside the domain build their rows with the factories.
    files: ["app/**/*.test.ts"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: zones.filter((z) => !String(z.from).includes("factories")) }] },
  },
  {
    // The input checks match control characters on purpose: that is what they refuse.
    files: ["**/*.{ts,tsx,js,mjs}"],
    rules: { "no-control-regex": "off" },
  },
  {
    // TypeScript checks names itself (typescript-eslint's advice).
    files: ["**/*.{ts,tsx}"],
    rules: { "no-undef": "off" },
  },
  {
    // React's hooks rules, in the app (test helpers named use… are Vitest hooks, not React's).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    // Components never reach server-only modules (the bundler would ship them to the browser).
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/*.server", "**/*.server.ts"], message: "Componentes não importam módulos .server." }] },
      ],
    },
  },
  {
    // The home page and the public shell load no tailwind-merge (ADR 105: the home's first-load
    // JavaScript): clsx, not ~/lib/cn, whose chunk would come with them.
    files: ["app/components/home/**/*.tsx", "app/components/layout/public-*.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "~/lib/cn", message: "Páginas públicas usam clsx: ~/lib/cn traz o tailwind-merge à primeira carga (ADR 105)." }],
          patterns: [{ group: ["**/*.server", "**/*.server.ts"], message: "Componentes não importam módulos .server." }],
        },
      ],
    },
  },
  {
    files: ["app/routes/public/home.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: [{ name: "~/lib/cn", message: "A página inicial usa clsx (ADR 105)." }] }] },
  },
  {
    // The row modules (issue 20 §4) are imported by components: like them, they reach no
    // server-only module, and the database only for a type.
    files: ["app/domain/**/*-row.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/*.server", "**/*.server.ts"], message: "Um módulo de linhas (*-row.ts) não importa módulos .server." },
            { group: ["~/db/*", "~/db/**"], allowTypeImports: true, message: "Um módulo de linhas (*-row.ts) importa do banco só tipos." },
          ],
        },
      ],
    },
  },
  {
    // Server code: a promise is awaited, returned or explicitly voided (a lost rejection is a lost error).
    files: [
      "app/**/*.server.ts",
      "app/domain/**/*.ts",
      "app/jobs/**/*.ts",
      "app/integrations/**/*.ts",
      "app/db/**/*.ts",
      "app/auth/**/*.ts",
      "server/**/*.ts",
    ],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { "@typescript-eslint/no-floating-promises": "error" },
  },
);
