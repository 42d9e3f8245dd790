import { stringify } from "yaml";
import type { BundleManifest } from "./bundle-manifest.ts";

/** The manifest as `task.yaml` text: keys in schema order, so the same task always gives the same bytes. */
export function manifestToYaml(manifest: BundleManifest): string {
  return `# HierBoard task bundle: the files listed here sit beside this manifest; each has its sha256.\n${stringify(manifest, { lineWidth: 0, aliasDuplicateObjects: false })}`;
}
