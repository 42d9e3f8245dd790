import { sha256Hex } from "../context/sha256.ts";
import type { BundleManifest } from "./bundle-manifest.ts";
import { yamlPath } from "./parse-bundle-manifest.ts";
import { MANIFEST_NAME, type BundleIssue, type TaskBundle } from "./task-bundle.ts";

/**
 * Every file the manifest lists must be in the bundle with the sha256 it states, and the bundle
 * must hold nothing else (no file is carried along unchecked). Returns every problem found.
 */
export function checkBundleFiles(
  manifest: BundleManifest,
  bundle: TaskBundle,
  lineOf: (path: readonly PropertyKey[]) => number | null,
): BundleIssue[] {
  const refs = [
    ...manifest.taxonomies.map((t, i) => ({ ref: t, path: ["taxonomies", i] })),
    ...manifest.taxonomies.flatMap((t, i) => (t.ia ? [{ ref: t.ia, path: ["taxonomies", i, "ia"] }] : [])),
    ...manifest.phases.flatMap((p, i) => p.gold.map((g, j) => ({ ref: g, path: ["phases", i, "gold", j] }))),
    ...manifest.files.map((f, i) => ({ ref: f, path: ["files", i] })),
  ];
  const issues: BundleIssue[] = [];
  const listed = new Set<string>();
  for (const { ref, path } of refs) {
    listed.add(ref.file);
    const content = bundle.files.get(ref.file);
    if (!content) {
      issues.push({
        path: yamlPath([...path, "file"]),
        line: lineOf([...path, "file"]),
        message: `expected the file ${ref.file} in the bundle, found none`,
      });
      continue;
    }
    const actual = sha256Hex(content);
    if (actual !== ref.sha256)
      issues.push({
        path: yamlPath([...path, "sha256"]),
        line: lineOf([...path, "sha256"]),
        message: `expected ${ref.file} to have sha256 ${ref.sha256}, found ${actual}`,
      });
  }
  for (const file of [...bundle.files.keys()].sort()) {
    if (!listed.has(file) && file !== MANIFEST_NAME)
      issues.push({ path: file, line: null, message: `expected only the files task.yaml lists, found ${file} as well` });
  }
  return issues;
}
