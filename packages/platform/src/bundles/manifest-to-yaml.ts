import { stringify } from "yaml";
import type { BundleManifest } from "./bundle-manifest.ts";

/**
 * The manifest as `task.yaml` text: keys in schema order, so the same task always gives the same
 * bytes. `files` is left out when empty, so a task without public files gives the bytes it gave
 * before public files existed.
 */
export function manifestToYaml(manifest: Omit<BundleManifest, "files"> & { files?: BundleManifest["files"] }): string {
  const { files, ...rest } = manifest;
  const written = files && files.length > 0 ? { ...rest, files } : rest;
  return `# HierBoard task bundle: the files listed here sit beside this manifest; each has its sha256.\n${stringify(written, { lineWidth: 0, aliasDuplicateObjects: false })}`;
}
