import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (tooling/infra-check/src → ../../..). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export function repoPath(...parts: string[]): string {
  return path.join(repoRoot, ...parts);
}

export function readRepoFile(...parts: string[]): string {
  return readFileSync(repoPath(...parts), "utf8");
}

export function repoFileExists(...parts: string[]): boolean {
  return existsSync(repoPath(...parts));
}
