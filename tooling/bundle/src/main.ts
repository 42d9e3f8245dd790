// Usage: hierboard-bundle OUT_DIR ENTRY...   (run in the package being built, e.g. its `build` script)
import { bundle } from "./bundle.ts";

const [outDir, ...entries] = process.argv.slice(2);
if (!outDir || entries.length === 0) {
  console.error("usage: hierboard-bundle OUT_DIR ENTRY...  (expected an output folder and at least one entry file)");
  process.exit(2);
}
const files = await bundle({ packageDir: process.cwd(), entries, outDir });
console.log(`bundled ${entries.join(", ")} into ${outDir} (${files.length} files)`);
