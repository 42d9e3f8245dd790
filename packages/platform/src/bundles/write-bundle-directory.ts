import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { AppError } from "../errors/app-error.ts";
import { isSafeBundlePath, MANIFEST_NAME, type TaskBundle } from "./task-bundle.ts";

/** Writes a bundle as a directory (`task.yaml` and its files). The directory must be new or empty. */
export async function writeBundleDirectory(dir: string, bundle: TaskBundle): Promise<string[]> {
  const existing = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  if (existing.length > 0)
    throw new AppError(
      "CONFLICT",
      `expected ${dir} to be a new or empty directory, found ${existing.length} entr${existing.length === 1 ? "y" : "ies"} in it`,
    );
  const written = [MANIFEST_NAME];
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, MANIFEST_NAME), bundle.manifest);
  for (const [file, content] of [...bundle.files].sort(([a], [b]) => a.localeCompare(b))) {
    if (!isSafeBundlePath(file)) throw new AppError("INVALID_INPUT", `expected a relative bundle path, found ${JSON.stringify(file)}`);
    await mkdir(path.join(dir, path.dirname(file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
    written.push(file);
  }
  return written;
}
