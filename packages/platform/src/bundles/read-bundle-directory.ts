import { lstat, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { AppError } from "../errors/app-error.ts";
import { bundleError } from "./parse-bundle-manifest.ts";
import { isSafeBundlePath, MANIFEST_NAME, type BundleIssue, type TaskBundle } from "./task-bundle.ts";

/**
 * Reads a bundle directory: `task.yaml` and every other regular file under it (so files the
 * manifest does not list are noticed). Symbolic links and special files are refused, so a bundle
 * cannot make the importer read files outside it. Nothing is validated here beyond the paths;
 * `validateTaskBundle` checks the content.
 */
export async function readBundleDirectory(dir: string, opts: { maxFileBytes?: number } = {}): Promise<TaskBundle> {
  const manifestPath = path.join(dir, MANIFEST_NAME);
  const manifestStat = await lstat(manifestPath).catch(() => null);
  if (!manifestStat?.isFile())
    throw new AppError("INVALID_INPUT", `expected a task bundle directory with ${MANIFEST_NAME}, found none at ${manifestPath}`);
  const files = new Map<string, Uint8Array>();
  const issues: BundleIssue[] = [];
  const walk = async (relative: string): Promise<void> => {
    for (const entry of (await readdir(path.join(dir, relative), { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(file);
      else if (!entry.isFile())
        issues.push({
          path: file,
          line: null,
          message: `expected regular files only, found a ${entry.isSymbolicLink() ? "symbolic link" : "special file"}`,
        });
      else if (file === MANIFEST_NAME) continue;
      else if (!isSafeBundlePath(file))
        issues.push({ path: file, line: null, message: "expected file names of letters, digits, . _ and -" });
      else {
        const { size } = await lstat(path.join(dir, file));
        if (opts.maxFileBytes !== undefined && size > opts.maxFileBytes)
          issues.push({ path: file, line: null, message: `expected at most ${opts.maxFileBytes} bytes, found ${size}` });
        else files.set(file, new Uint8Array(await readFile(path.join(dir, file))));
      }
    }
  };
  await walk("");
  if (issues.length > 0) throw bundleError(issues);
  return { manifest: await readFile(manifestPath, "utf8"), files };
}
