import { unzipSync, zipSync, type Zippable } from "fflate";
import { AppError } from "../errors/app-error.ts";
import { bundleError } from "./parse-bundle-manifest.ts";
import { isSafeBundlePath, MANIFEST_NAME, type BundleIssue, type TaskBundle } from "./task-bundle.ts";

// A fixed time stamp: the same bundle always zips to the same bytes.
const MTIME = new Date("2000-01-01T00:00:00Z");

/** A bundle as one zip: `task.yaml` at the root and the files under their bundle paths. */
export function bundleToZip(bundle: TaskBundle): Uint8Array {
  const entries: Zippable = { [MANIFEST_NAME]: [new TextEncoder().encode(bundle.manifest), { mtime: MTIME }] };
  for (const [file, content] of [...bundle.files].sort(([a], [b]) => a.localeCompare(b))) entries[file] = [content, { mtime: MTIME }];
  return zipSync(entries, { level: 6 });
}

/**
 * A bundle from a zip, with `task.yaml` at the root or inside one top folder (a zipped bundle
 * directory). Entry sizes are checked against `maxTotalBytes` before anything is inflated, and
 * unsafe paths (`..`, absolute, backslashes) are refused, so a zip bomb or a path escape fails
 * with a clear error.
 */
export function bundleFromZip(zip: Uint8Array, opts: { maxTotalBytes: number }): TaskBundle {
  const issues: BundleIssue[] = [];
  let total = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zip, {
      filter: (entry) => {
        total += entry.originalSize;
        if (total > opts.maxTotalBytes)
          throw new AppError(
            "FILE_TOO_LARGE",
            `expected a bundle of at most ${opts.maxTotalBytes} bytes unpacked, found more (at ${entry.name})`,
          );
        return !entry.name.endsWith("/");
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("INVALID_INPUT", `expected a zip file, found something else (${(error as Error).message})`);
  }
  const names = Object.keys(entries);
  const manifests = names.filter((n) => n === MANIFEST_NAME || /^[^/]+\/task\.yaml$/.test(n));
  if (manifests.length !== 1)
    throw new AppError(
      "INVALID_INPUT",
      `expected one ${MANIFEST_NAME} at the zip's root (or in one top folder), found ${manifests.length}`,
    );
  const prefix = manifests[0]!.slice(0, -MANIFEST_NAME.length);
  const files = new Map<string, Uint8Array>();
  for (const name of names.sort()) {
    const file = name.startsWith(prefix) ? name.slice(prefix.length) : name;
    if (file === MANIFEST_NAME) continue;
    if (!name.startsWith(prefix) || !isSafeBundlePath(file))
      issues.push({ path: name, line: null, message: "expected a relative path inside the bundle (letters, digits, . _ - and /; no ..)" });
    else files.set(file, entries[name]!);
  }
  if (issues.length > 0) throw bundleError(issues);
  return { manifest: new TextDecoder("utf-8", { fatal: false }).decode(entries[manifests[0]!]), files };
}
