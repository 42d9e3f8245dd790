// `pnpm test`'s services: which are started for which environment, and that what was started is
// stopped again however the run ends (real embedded PostgreSQL and redis-server).
import { spawn } from "node:child_process";
import { rm, stat } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { freePort } from "../src/free-port.ts";
import { answers, planTestServices, withTestServices } from "../src/test-services.ts";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const SCRIPT = fileURLToPath(new URL("../src/test-with-services.ts", import.meta.url));

/** The services' folder, from the log line `redis-server on port … (pid …, data in <folder>/redis)`. */
function folderIn(log: string): string {
  const folder = /data in (\S+)\/redis\)/.exec(log)?.[1];
  expect(folder, log).toBeDefined();
  return folder!;
}

const portOf = (url: string) => ({ host: "127.0.0.1", port: Number(new URL(url).port) });

describe("planTestServices", () => {
  it.each([
    [
      { databaseUrl: undefined, redisUrl: undefined, postgresAnswers: false, redisAnswers: false },
      { postgres: "start", redis: "start" },
    ],
    [
      { databaseUrl: undefined, redisUrl: undefined, postgresAnswers: true, redisAnswers: true },
      { postgres: "answering", redis: "answering" },
    ],
    [
      { databaseUrl: undefined, redisUrl: undefined, postgresAnswers: true, redisAnswers: false },
      { postgres: "answering", redis: "start" },
    ],
    [
      { databaseUrl: undefined, redisUrl: undefined, postgresAnswers: false, redisAnswers: true },
      { postgres: "start", redis: "answering" },
    ],
    [
      { databaseUrl: "postgresql://x@db:5432/t", redisUrl: "redis://r:6379", postgresAnswers: false, redisAnswers: false },
      { postgres: "configured", redis: "configured" },
    ],
    [
      { databaseUrl: "postgresql://x@db:5432/t", redisUrl: undefined, postgresAnswers: false, redisAnswers: false },
      { postgres: "configured", redis: "start" },
    ],
  ] as const)("%o → %o", (input, plan) => {
    expect(planTestServices(input)).toEqual(plan);
  });
});

describe("withTestServices", () => {
  it("starts nothing and passes nothing when both are there", async () => {
    expect(
      await withTestServices(
        { postgres: "answering", redis: "configured" },
        () => {},
        async (env) => env,
      ),
    ).toEqual({});
  });

  it("stops what it started and removes its folder when the run throws", async () => {
    let seen: { DATABASE_URL?: string; REDIS_URL?: string } = {};
    const lines: string[] = [];
    const failing = withTestServices(
      { postgres: "start", redis: "start" },
      (line) => lines.push(line),
      async (env) => {
        seen = env;
        expect(await answers(portOf(env.DATABASE_URL!))).toBe(true);
        expect(await answers(portOf(env.REDIS_URL!))).toBe(true);
        throw new Error("the tests failed");
      },
    );
    await expect(failing).rejects.toThrow("the tests failed");
    expect(seen.DATABASE_URL).toMatch(/^postgresql:\/\/hierboard:[^@]+@127\.0\.0\.1:\d+\/postgres$/);
    expect(seen.REDIS_URL).toMatch(/^redis:\/\/.*127\.0\.0\.1:\d+$/);
    expect(await answers(portOf(seen.DATABASE_URL!))).toBe(false);
    expect(await answers(portOf(seen.REDIS_URL!))).toBe(false);
    const folder = folderIn(lines.join("\n"));
    await expect(stat(folder)).rejects.toThrow(/ENOENT/);
  });
});

/** Starts the script with the default ports pointed at closed ones, so that it starts both services. */
async function startScript(commandScript: string) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HIERBOARD_TEST_POSTGRES_PROBE: `127.0.0.1:${await freePort()}`,
    HIERBOARD_TEST_REDIS_PROBE: `127.0.0.1:${await freePort()}`,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ["--import", "tsx", SCRIPT, process.execPath, "-e", commandScript], { cwd: REPO_ROOT, env });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { child, output: () => output, exited };
}

const PRINT_URLS = "console.log('DATABASE_URL=' + process.env.DATABASE_URL); console.log('REDIS_URL=' + process.env.REDIS_URL);";

describe("test-with-services.ts", () => {
  it("stops the services when it is interrupted while the tests run", async () => {
    const script = await startScript(`${PRINT_URLS} setInterval(() => {}, 1000);`);
    await expect.poll(() => script.output(), { timeout: 120_000, interval: 200 }).toMatch(/^REDIS_URL=/m);
    script.child.kill("SIGTERM");
    expect(await script.exited, script.output()).toBe(143);
    const output = script.output();
    expect(await answers(portOf(/^DATABASE_URL=(\S+)$/m.exec(output)![1]!))).toBe(false);
    expect(await answers(portOf(/^REDIS_URL=(\S+)$/m.exec(output)![1]!))).toBe(false);
    await expect(stat(folderIn(output))).rejects.toThrow(/ENOENT/);
  });

  it("leaves the services to its reaper when it is killed outright, which stops them", async () => {
    const script = await startScript(`console.log('COMMAND_PID=' + process.pid); ${PRINT_URLS} setInterval(() => {}, 1000);`);
    await expect.poll(() => script.output(), { timeout: 120_000, interval: 200 }).toMatch(/^REDIS_URL=/m);
    script.child.kill("SIGKILL");
    await script.exited;
    const output = script.output();
    process.kill(Number(/^COMMAND_PID=(\d+)$/m.exec(output)![1]), "SIGKILL"); // the orphaned command
    const postgres = portOf(/^DATABASE_URL=(\S+)$/m.exec(output)![1]!);
    const redis = portOf(/^REDIS_URL=(\S+)$/m.exec(output)![1]!);
    await expect.poll(() => answers(postgres), { timeout: 60_000, interval: 500 }).toBe(false);
    await expect.poll(() => answers(redis), { timeout: 60_000, interval: 500 }).toBe(false);
    await rm(folderIn(output), { recursive: true, force: true }); // the reaper stops, it does not clean up
  });

  it("runs the command against services it started when nothing answers, passes its exit code on, and stops them", async () => {
    const script = await startScript(`${PRINT_URLS} process.exit(3);`);
    const code = await script.exited;
    const output = script.output();
    expect(code, output).toBe(3);
    const databaseUrl = /^DATABASE_URL=(\S+)$/m.exec(output)?.[1];
    const redisUrl = /^REDIS_URL=(\S+)$/m.exec(output)?.[1];
    expect(databaseUrl, output).toMatch(/^postgresql:\/\/hierboard:/);
    expect(redisUrl, output).toMatch(/^redis:\/\//);
    expect(await answers(portOf(databaseUrl!))).toBe(false);
    expect(await answers(portOf(redisUrl!))).toBe(false);
    // The throw-away folder named in the log is gone.
    await expect(stat(folderIn(output))).rejects.toThrow(/ENOENT/);
  });
});
