import type { BundleManifest } from "./bundle-manifest.ts";
import { checkBundleFiles } from "./check-bundle-files.ts";
import { bundleError, parseBundleManifest } from "./parse-bundle-manifest.ts";
import type { TaskBundle } from "./task-bundle.ts";

/**
 * The bundle's manifest, validated, with every listed file present and matching its hash.
 * Throws INVALID_INPUT listing every problem with its YAML path and line (`details.issues`).
 */
export function validateTaskBundle(bundle: TaskBundle): BundleManifest {
  const { manifest, lineOf } = parseBundleManifest(bundle.manifest);
  const issues = checkBundleFiles(manifest, bundle, lineOf);
  if (issues.length > 0) throw bundleError(issues);
  return manifest;
}
