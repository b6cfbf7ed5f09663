import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The production build's test hooks (server/test-hooks.ts, built as build/server/test-hooks.js
 * beside the server entry; docs/decisions/250): the internals a test reaches beside the running
 * server, on the same module instances. Typed from the source; loaded from the build.
 */
export type TestHooks = typeof import("../../server/test-hooks");

/** The hooks module of the build in BUILD_DIR (default build/), loaded once per test file. */
export async function loadTestHooks(): Promise<TestHooks> {
  return (await import(/* @vite-ignore */ testHooksPath())) as TestHooks;
}

/** Where the built hooks live: for child processes that import them themselves. */
export function testHooksPath() {
  return pathToFileURL(path.resolve(process.env.BUILD_DIR ?? "build", "server/test-hooks.js")).href;
}
