// A local `redis-server` from the PATH, on a free port, with its data in `<dataDir>/redis` (a 0700
// folder; its files 0600) and a generated password (`<dataDir>/redis-password`, mode 0600) that
// every client gets through the URL. The password reaches Redis in a 0600 config file, never on
// its command line, where any local user could read it.
import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { chmod, mkdir, readdir, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { readOrCreateSecret } from "./data-dir.ts";
import { freePort } from "./free-port.ts";
import { stopProcessGroup } from "./process-group.ts";

export interface LocalRedisServer {
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** What to do when there is no redis-server: printed as one paragraph, then the launcher exits non-zero. */
export const NO_REDIS_HELP =
  "HierBoard needs Redis for its scoring queue, and there is no REDIS_URL and no redis-server on your PATH. " +
  "Either start one with Docker from the repository root (`docker compose up -d redis`, then " +
  "`REDIS_URL=redis://127.0.0.1:6379 pnpm start`), or install your distribution's package " +
  "(`sudo apt-get install redis-server` on Debian/Ubuntu, `brew install redis` on macOS) and run `pnpm start` again: " +
  "it then starts its own redis-server on a free port with its data in the HierBoard data folder.";

export class RedisNotFoundError extends Error {
  constructor() {
    super(NO_REDIS_HELP);
    this.name = "RedisNotFoundError";
  }
}

/** The first executable `redis-server` on `searchPath` (the PATH by default). */
// biome-ignore lint/style/noProcessEnv: the search path of the running process, the default of a parameter tests override
export function findRedisServer(searchPath = process.env.PATH ?? ""): string | undefined {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, "redis-server");
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

/** Resolves once `PING`, after `AUTH`, answers `+PONG`. */
function ping(port: number, password: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("error", () => done(false));
    let answer = "";
    socket.once("connect", () => socket.write(`AUTH ${password}\r\nPING\r\n`));
    socket.on("data", (data) => {
      answer += data.toString();
      if (answer.includes("\r\n", answer.indexOf("\r\n") + 2)) done(answer === "+OK\r\n+PONG\r\n");
    });
  });
}

/** The folder 0700 and every file in it 0600, also in a data folder made before they were. */
async function makePrivate(dir: string): Promise<void> {
  await chmod(dir, 0o700);
  for (const entry of await readdir(dir, { withFileTypes: true })) if (entry.isFile()) await chmod(path.join(dir, entry.name), 0o600);
}

export async function startLocalRedis(opts: { dataDir: string; log: (line: string) => void }): Promise<LocalRedisServer> {
  const bin = findRedisServer();
  if (!bin) throw new RedisNotFoundError();
  const dir = path.join(opts.dataDir, "redis");
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await makePrivate(dir);
  const password = await readOrCreateSecret(opts.dataDir, "redis-password");
  const config = path.join(dir, "redis.conf");
  await writeFile(config, `requirepass ${password}\n`, { mode: 0o600 });
  const port = await freePort();
  // Its own process group: a Ctrl-C in the terminal reaches only the launcher, which stops Redis
  // after the web app and the worker.
  // Files Redis writes (dump.rdb, its log) are created 0600: the child inherits this umask.
  const umask = process.umask(0o077);
  const child = spawn(
    bin,
    [
      config,
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--dir",
      dir,
      "--save",
      "60 1",
      "--appendonly",
      "no",
      "--logfile",
      path.join(dir, "redis.log"),
    ],
    { detached: true, stdio: "ignore" },
  );
  process.umask(umask);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${bin}`);
  let exited = false;
  child.once("exit", () => (exited = true));
  const deadline = Date.now() + 20_000;
  while (!(await ping(port, password))) {
    if (exited || Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}; see ${path.join(dir, "redis.log")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `redis://:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    port,
    pid,
    // SIGTERM: Redis saves its snapshot and exits.
    stop: () => stopProcessGroup(child, { graceMs: 15_000 }),
  };
}
