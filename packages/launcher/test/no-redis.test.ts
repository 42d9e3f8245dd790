// Without REDIS_URL and without a redis-server on the PATH, `pnpm start` prints one paragraph on
// how to get Redis and exits non-zero, before it starts anything.
import { spawnSync } from "node:child_process";
import { mkdtemp, readdir, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";

const LAUNCHER_DIR = fileURLToPath(new URL("../", import.meta.url));
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

it("explains how to get Redis and exits 1 when there is none", async () => {
  const bin = await mkdtemp(path.join(tmpdir(), "hierboard-path-"));
  const dataDir = await mkdtemp(path.join(tmpdir(), "hierboard-noredis-"));
  dirs.push(bin, dataDir);
  await symlink(process.execPath, path.join(bin, "node"));
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: bin, HIERBOARD_DATA_DIR: dataDir };
  delete env.REDIS_URL;
  delete env.DATABASE_URL;
  const result = spawnSync(path.join(bin, "node"), ["--import", "tsx", "src/main.ts"], {
    cwd: LAUNCHER_DIR,
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(result.status).toBe(1);
  const paragraph = result.stderr.trim();
  expect(paragraph.split("\n")).toHaveLength(1);
  expect(paragraph).toContain("docker compose up -d redis");
  expect(paragraph).toContain("apt-get install redis-server");
  // Nothing was started: no PostgreSQL cluster was created.
  expect(await readdir(dataDir)).not.toContain("postgres");
});
