import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), "engine-thread-bundle.ts");

/**
 * Bundles the engine thread into one ES module with every dependency inside: Node starts it
 * without tsx and without the package sources, which Next's standalone output does not hold.
 */
export async function buildEngineThread(outFile: string): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile: outFile,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    logLevel: "warning",
  });
}
