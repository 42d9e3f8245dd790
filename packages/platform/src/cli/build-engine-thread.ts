// Usage: pnpm --filter @hierboard/platform build:engine-thread [OUT_FILE]
// Writes the self-contained engine thread (default: packages/platform/dist/engine-thread.mjs).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildEngineThread } from "../scoring/engine/build-engine-thread.ts";
import { BUILT_FROM_ROOT } from "../scoring/engine/engine-pool.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const outFile = path.resolve(process.argv[2] ?? path.join(repoRoot, BUILT_FROM_ROOT));
await buildEngineThread(outFile);
console.log(`engine thread: ${outFile}`);
