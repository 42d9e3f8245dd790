// The `hierboard task …` tests' one harness: a fresh test database and data folder per file, and
// the command run through `pnpm --silent hierboard task` as a user runs it.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createTestDatabase, type TestDatabase } from "@hierboard/db/testing";
import { TEST_REDIS_URL } from "@hierboard/platform/testing";
import { afterAll, beforeAll } from "vitest";

const execute = promisify(execFile);
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
/** The platform's hand-written fixture bundle. */
export const FIXTURE = path.join(REPO_ROOT, "packages/platform/src/testing/fixtures/bundle-zoo");

export interface TaskCli {
  /** Runs `hierboard task ARGS…`: its exit code and output. */
  hierboard(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  /** The file's scratch folder (also the CLI's data folder). */
  tmp(): string;
  /** The file's test database. */
  database(): TestDatabase;
}

/** Registers the database and scratch folder of a test file; `name` tells their prefixes apart. */
export function taskCli(name: string): TaskCli {
  let database: TestDatabase;
  let tmp = "";
  beforeAll(async () => {
    database = await createTestDatabase();
    tmp = await mkdtemp(path.join(tmpdir(), `hierboard-${name}-cli-`));
  });
  afterAll(async () => {
    await database?.drop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });
  return {
    tmp: () => tmp,
    database: () => database,
    async hierboard(...args) {
      const env = {
        ...process.env,
        DATABASE_URL: database.url,
        REDIS_URL: TEST_REDIS_URL,
        HIERBOARD_QUEUE_PREFIX: `hb${name}-${randomBytes(4).toString("hex")}`,
        HIERBOARD_DATA_DIR: tmp,
      };
      try {
        const { stdout, stderr } = await execute("pnpm", ["--silent", "hierboard", "task", ...args], {
          cwd: REPO_ROOT,
          env,
          maxBuffer: 16 << 20,
        });
        return { code: 0, stdout, stderr };
      } catch (error) {
        const e = error as { code: number; stdout: string; stderr: string };
        return { code: e.code, stdout: e.stdout, stderr: e.stderr };
      }
    },
  };
}
