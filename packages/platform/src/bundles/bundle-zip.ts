import { Unzip, UnzipInflate, zipSync, type Zippable } from "fflate";
import { AppError } from "../errors/app-error.ts";
import { bundleError } from "./parse-bundle-manifest.ts";
import { isSafeBundlePath, MANIFEST_NAME, type BundleIssue, type TaskBundle } from "./task-bundle.ts";

// A fixed time stamp: the same bundle always zips to the same bytes.
const MTIME = new Date("2000-01-01T00:00:00Z");

/** The most entries a bundle zip may hold (task.yaml, taxonomies, gold versions, public files). */
export const MAX_BUNDLE_ZIP_ENTRIES = 1_000;

// Compressed bytes fed to the inflater at a time: DEFLATE expands at most about 1,032 times, so
// one step produces at most about 4 MiB before the thread is handed back.
const STEP_BYTES = 4 * 1024;

/** A bundle as one zip: `task.yaml` at the root and the files under their bundle paths. */
export function bundleToZip(bundle: TaskBundle): Uint8Array {
  const entries: Zippable = { [MANIFEST_NAME]: [new TextEncoder().encode(bundle.manifest), { mtime: MTIME }] };
  for (const [file, content] of [...bundle.files].sort(([a], [b]) => a.localeCompare(b))) entries[file] = [content, { mtime: MTIME }];
  return zipSync(entries, { level: 6 });
}

const tooLarge = (max: number, name: string) =>
  new AppError("FILE_TOO_LARGE", `expected a bundle of at most ${max} bytes unpacked, found more (at ${name})`);

/**
 * Every entry of a zip, inflated as a stream a few KiB at a time, yielding the thread between
 * steps. The bytes actually produced are counted against `maxTotalBytes` (the sizes the zip
 * declares are never trusted), and at most MAX_BUNDLE_ZIP_ENTRIES entries are read.
 */
async function inflateEntries(zip: Uint8Array, maxTotalBytes: number): Promise<Map<string, Uint8Array>> {
  const chunks = new Map<string, Uint8Array[]>();
  let total = 0;
  let refusal: AppError | null = null;
  const unzip = new Unzip((entry) => {
    if (refusal || entry.name.endsWith("/")) return;
    if (chunks.size >= MAX_BUNDLE_ZIP_ENTRIES) {
      refusal = new AppError(
        "INVALID_INPUT",
        `expected a bundle of at most ${MAX_BUNDLE_ZIP_ENTRIES} files, found more (at ${entry.name})`,
      );
      return;
    }
    const parts: Uint8Array[] = [];
    chunks.set(entry.name, parts);
    entry.ondata = (error, data) => {
      if (refusal) return;
      if (error) {
        refusal = new AppError("INVALID_INPUT", `expected a zip file, found a damaged entry ${entry.name} (${error.message})`);
        return;
      }
      total += data.length;
      if (total > maxTotalBytes) refusal = tooLarge(maxTotalBytes, entry.name);
      else parts.push(data);
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < zip.length && !refusal; at += STEP_BYTES) {
      unzip.push(zip.subarray(at, at + STEP_BYTES), at + STEP_BYTES >= zip.length);
      await new Promise((resolve) => setImmediate(resolve));
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("INVALID_INPUT", `expected a zip file, found something else (${(error as Error).message})`);
  }
  if (refusal) throw refusal;
  if (chunks.size === 0) throw new AppError("INVALID_INPUT", "expected a zip file, found no entries in it");
  return new Map([...chunks].map(([name, parts]) => [name, Buffer.concat(parts)]));
}

/**
 * A bundle from a zip, with `task.yaml` at the root or inside one top folder (a zipped bundle
 * directory). The zip is inflated as a stream off the caller's critical path (see
 * `inflateEntries`), so a zip bomb or an entry lying about its size fails with FILE_TOO_LARGE
 * after at most `maxTotalBytes`; unsafe paths (`..`, absolute, backslashes) are refused.
 */
export async function bundleFromZip(zip: Uint8Array, opts: { maxTotalBytes: number }): Promise<TaskBundle> {
  const issues: BundleIssue[] = [];
  const entries = await inflateEntries(zip, opts.maxTotalBytes);
  const names = [...entries.keys()];
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
    else files.set(file, entries.get(name)!);
  }
  if (issues.length > 0) throw bundleError(issues);
  return { manifest: new TextDecoder("utf-8", { fatal: false }).decode(entries.get(manifests[0]!)), files };
}
