// The engine's layers: the scoring framework knows no family, and no family
// knows the list they are assembled into. Checked on every source file's relative imports.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(import.meta.dirname, "..");

/** Bottom to top. A file may import its own layer and those below, never one above. */
const LAYERS: readonly (readonly string[])[] = [
  ["errors", "collections", "text", "taxonomy", "labels", "paths", "node"],
  ["scoring"],
  ["measures"],
  // Above the families: the family list and registry, evaluate, and what builds on them.
  ["engine", "uncertainty", "sharding", "analysis", "ranking", "glossary", "cli"],
];
/** A helper a family may use although it sits higher: sums over a sparse support, importing nothing. */
const SHARED_HELPERS = ["uncertainty/sparse-sums.ts", "uncertainty/full-sample-sums.ts"];

const layerOf = (file: string): number => LAYERS.findIndex((dirs) => dirs.includes(file.split("/")[0]!));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    // Tests and test kits may reach up (a family test scores through evaluate).
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && !full.includes(`${path.sep}testing${path.sep}`) ? [full] : [];
  });
}

/** "<file> imports <specifier>" for each relative import of a higher layer; files are paths under src/. */
export function upwardImports(files: readonly { file: string; source: string }[]): string[] {
  const found: string[] = [];
  for (const { file, source } of files) {
    const own = layerOf(file);
    if (own < 0) continue;
    for (const match of source.matchAll(/\b(?:import|export)\s[^'"]*?\bfrom\s*["'](\.[^"']+)["']/g)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]!));
      if (SHARED_HELPERS.includes(target)) continue;
      if (layerOf(target) > own) found.push(`${file} imports ${match[1]}`);
    }
  }
  return found;
}

describe("engine layering", () => {
  it("finds an upward import (a probe of the check itself)", () => {
    const probe = [
      {
        file: "scoring/x.ts",
        source: 'import { lcaFamily } from "../measures/lca/lca-family.ts";\nimport { ROOT } from "../taxonomy/taxonomy.ts";',
      },
      { file: "measures/lca/y.ts", source: 'export { MEASURE_FAMILIES } from "../../engine/measure-families.ts";' },
      { file: "measures/lca/z.ts", source: 'import type { MeasureFamily } from "../../scoring/measure-family.ts";' },
    ];
    expect(upwardImports(probe)).toEqual([
      "scoring/x.ts imports ../measures/lca/lca-family.ts",
      "measures/lca/y.ts imports ../../engine/measure-families.ts",
    ]);
  });

  it("every source directory has a layer, and no file imports from a layer above its own", () => {
    const files = sourceFiles(SRC).map((full) => ({
      file: path.relative(SRC, full).split(path.sep).join("/"),
      source: readFileSync(full, "utf8"),
    }));
    const unplaced = files.filter(({ file }) => file.includes("/") && layerOf(file) < 0).map(({ file }) => file);
    expect(unplaced).toEqual([]);
    expect(files.length).toBeGreaterThan(100);
    expect(upwardImports(files)).toEqual([]);
  });
});
