// The git-ignored folder that holds the embedded services' data, generated secrets and markers.
import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** Creates the folder. Running as root, others may traverse it (the embedded PostgreSQL runs as `postgres`). */
export async function ensureDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await chmod(dataDir, process.getuid?.() === 0 ? 0o711 : 0o700);
}

/** A secret generated on first use and kept in `<dataDir>/<name>` (mode 0600, also if it was not), so restarts reuse it. */
export async function readOrCreateSecret(dataDir: string, name: string, bytes = 32): Promise<string> {
  const file = path.join(dataDir, name);
  try {
    const existing = (await readFile(file, "utf8")).trim();
    if (existing) {
      await chmod(file, 0o600);
      return existing;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(bytes).toString("base64url");
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
