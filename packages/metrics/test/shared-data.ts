import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe } from "vitest";

/**
 * `../shared` beside the repository (or $HIERBOARD_SHARED): licensed data the
 * project reads in tests but never copies.
 */
export const SHARED_DIR = process.env.HIERBOARD_SHARED ?? fileURLToPath(new URL("../../../../shared", import.meta.url));
export const GERMEVAL_DIR = `${SHARED_DIR}/data/germeval2019`;

/** `describe` that skips, saying why, when a file of ../shared is absent. */
export function describeWithShared(name: string, requiredFile: string, body: () => void): void {
  const path = `${SHARED_DIR}/${requiredFile}`;
  if (existsSync(path)) describe(name, body);
  else describe.skip(`${name} (skipped: ${path} is absent; these tests need ../shared beside the repository)`, body);
}
