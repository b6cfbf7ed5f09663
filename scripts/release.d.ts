// Types for release.js (plain JS, run by `npm run release` and read by the tests).
export const RELEASE_COMMANDS: { install: string; start: string; build: string };
export function keptScript(name: string): boolean;
export function scriptFiles(scripts: Record<string, string>): string[];
export function packageImports(text: string): Set<string>;
export function missingDependencies(releaseDir: string, dependencies: Record<string, string>): string[];
export function writeSbom(dir: string): string;
export function makeRelease(options?: { out?: string; reuseBuild?: boolean; tarball?: boolean }): {
  dir: string;
  archive: string | null;
  name: string;
  version: string;
};
