/** The manifest's name at the root of a bundle. */
export const MANIFEST_NAME = "task.yaml";

/** The manifest's `format`; a bundle with another format is refused. */
export const BUNDLE_FORMAT = "hierboard-task-bundle/1";

/**
 * A task bundle in memory: the `task.yaml` text and every other file by its path inside the
 * bundle (`/`-separated, relative). Directories and zips are two ways of storing the same thing.
 */
export interface TaskBundle {
  manifest: string;
  files: Map<string, Uint8Array>;
}

/** One problem with a bundle, located by its YAML path (`phases[0].endsAt`) and line when known. */
export interface BundleIssue {
  /** `phases[0].gold[1].sha256`; empty for the document itself; a file's path for a file problem. */
  path: string;
  line: number | null;
  message: string;
}

/** `a/b.txt`-style paths only: no absolute paths, no `..`, no backslashes, no empty segments. */
export function isSafeBundlePath(path: string): boolean {
  return /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(path) && !path.split("/").some((s) => s === "." || s === "..") && path.length <= 255;
}

/** A file name reduced to what a bundle path may hold. */
export function bundleFileName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^\.+/, "_");
  return cleaned.slice(0, 120) || "file";
}
