// `pnpm test`'s PostgreSQL and Redis. A service named by DATABASE_URL / REDIS_URL, or answering on
// its default port, is used as it is; otherwise the launcher's embedded PostgreSQL or local
// redis-server is started in a throw-away folder for the run, and stopped afterwards.
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Endpoint } from "./env.ts";
import { processStartTime } from "./process-identity.ts";
import { writeRunInfo, type RunInfo } from "./run-file.ts";
import { startOwnServices } from "./services.ts";
import { startReaper } from "./start-reaper.ts";

export interface TestServicesPlan {
  postgres: "configured" | "answering" | "start";
  redis: "configured" | "answering" | "start";
}

/** Which services to start: only those neither configured nor answering on their default port. */
export function planTestServices(input: {
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  postgresAnswers: boolean;
  redisAnswers: boolean;
}): TestServicesPlan {
  const decide = (url: string | undefined, answers: boolean) => (url ? "configured" : answers ? "answering" : "start");
  return { postgres: decide(input.databaseUrl, input.postgresAnswers), redis: decide(input.redisUrl, input.redisAnswers) };
}

/** True when something accepts a TCP connection on `endpoint` within a second. */
export function answers(endpoint: Endpoint): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(endpoint);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => done(true));
  });
}

/**
 * Starts what `plan` says, runs `run` with DATABASE_URL / REDIS_URL of what was started (the URLs
 * the launcher's start functions return, with their passwords), and stops the services and
 * removes their folder afterwards, whether `run` succeeds, fails or throws. Returns `run`'s result.
 */
export async function withTestServices<T>(
  plan: TestServicesPlan,
  log: (line: string) => void,
  run: (env: { DATABASE_URL?: string; REDIS_URL?: string }) => Promise<T>,
): Promise<T> {
  if (plan.postgres !== "start" && plan.redis !== "start") return run({});
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "hierboard-test-services-"));
  // As for `pnpm start`: run.json lists what was started, and the reaper stops it should this
  // process be killed without a chance to (SIGKILL); it exits once the folder is gone.
  const runInfo: RunInfo = { launcher: process.pid, pids: {}, startTimes: {} };
  const record = async (name: string, pid: number) => {
    runInfo.pids[name] = pid;
    const started = processStartTime(pid);
    if (started !== undefined) runInfo.startTimes![name] = started;
    await writeRunInfo(dataDir, runInfo);
  };
  try {
    await writeRunInfo(dataDir, runInfo);
    await record("reaper", startReaper(dataDir).pid!);
    const own = await startOwnServices({
      postgres: plan.postgres === "start",
      redis: plan.redis === "start",
      dataDir,
      log,
      onStarted: record,
    });
    try {
      return await run({
        ...(own.postgres ? { DATABASE_URL: own.postgres.serverUrl } : {}),
        ...(own.redis ? { REDIS_URL: own.redis.url } : {}),
      });
    } finally {
      log("stopping the services started for the tests");
      await own.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
