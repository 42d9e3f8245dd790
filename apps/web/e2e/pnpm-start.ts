// `pnpm start` as an operator runs it, for the specs that check the platform it launches: its own
// process group, a fresh data folder, a free port, and this machine's PostgreSQL and Redis (the
// launcher's DATABASE_URL / REDIS_URL, a database of its own, a queue prefix of its own). It reuses
// the web build `test:e2e` has just made. The admin's password is read from the banner, the only
// place the launcher ever shows it.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import getPort, { portNumbers } from "get-port";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../..", import.meta.url));

export interface Launched {
  url: string;
  /** The launcher's data folder (its mail catcher stores messages in `mail/`). */
  dataDir: string;
  admin: { email: string; password: string };
  output: () => string;
  stop: () => Promise<void>;
}

function dropDatabase(database: string): void {
  spawnSync("dropdb", ["--if-exists", "--force", "-h", "127.0.0.1", "-U", "root", database], { stdio: "inherit" });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The launcher shuts its web app, worker and services down before it exits: wait for that. */
async function launcherGone(pid: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
}

/** From the launcher's run.json; none once it has shut down. */
function launcherPid(dataDir: string): number | undefined {
  try {
    return (JSON.parse(readFileSync(path.join(dataDir, "run.json"), "utf8")) as { launcher: number }).launcher;
  } catch {
    return undefined;
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

export async function launchPnpmStart(): Promise<Launched> {
  const database = `${process.env.E2E_DATABASE ?? "hierboard_e2e"}_start`;
  dropDatabase(database);
  const dataDir = mkdtempSync(path.join(tmpdir(), "hierboard-pnpm-start-"));
  // Beside the e2e stack's port when one is given (a machine shared by several runs gives each a range).
  const e2ePort = Number(process.env.E2E_PORT ?? 0);
  const port = await getPort({ host: "127.0.0.1", ...(e2ePort ? { port: portNumbers(e2ePort + 2, e2ePort + 20) } : {}) });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HIERBOARD_DATA_DIR: dataDir,
    PORT: String(port),
    DATABASE_URL: `postgresql://root@127.0.0.1:5432/${database}`,
    REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
    HIERBOARD_QUEUE_PREFIX: `hbstart-e2e-${process.pid}`,
  };
  for (const name of ["AUTH_SECRET", "NEXTAUTH_SECRET", "NEXTAUTH_URL", "NODE_ENV", "HIERBOARD_REBUILD"]) delete env[name];
  const child = spawn("pnpm", ["start"], { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  // If this process dies first, the launcher's group still gets its SIGTERM.
  const onExit = () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // Gone already.
    }
  };
  process.once("exit", onExit);

  const stop = async () => {
    process.removeListener("exit", onExit);
    const launcher = launcherPid(dataDir);
    if (child.exitCode === null && child.signalCode === null) {
      const done = exited(child);
      process.kill(-child.pid!, "SIGTERM");
      await done;
    }
    if (launcher !== undefined) await launcherGone(launcher);
    dropDatabase(database);
    rmSync(dataDir, { recursive: true, force: true });
  };

  // The banner: the URL, then (first start only) the admin's email and password.
  const banner = () => {
    const url = /HierBoard is running at (http:\/\/\S+)/.exec(output)?.[1];
    const account = /An admin account was created.*\n\s+email:\s+(\S+)\n\s+password:\s+(\S+)/.exec(output);
    return url && account ? { url, admin: { email: account[1]!, password: account[2]! } } : undefined;
  };
  const shown = await new Promise<ReturnType<typeof banner>>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), 240_000);
    const check = () => {
      const found = banner();
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout?.on("data", check);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(banner());
    });
  });
  if (!shown) {
    await stop();
    throw new Error(`pnpm start did not print its URL and admin account:\n${output}`);
  }
  return { ...shown, dataDir, output: () => output, stop };
}
