// A private PostgreSQL cluster for fault tests (never the shared server on 5432): initdb into a
// temporary folder, its own port and socket folder, stopped and started with pg_ctl. initdb
// refuses to run as root, so as root the cluster is made and run by the `postgres` user.
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import getPort from "get-port";

function findBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(path.join(root, v, "bin", "pg_ctl"))) return path.join(root, v, "bin");
  return undefined;
}

export const postgresBin = findBin();

export interface OwnPostgres {
  /** The server's `postgres` database, superuser `postgres`, trust auth. */
  serverUrl: string;
  start(): void;
  /** Fast shutdown: open transactions are rolled back and connections cut. */
  stop(): void;
  destroy(): void;
}

function ownerIds(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const line = spawnSync("getent", ["passwd", "postgres"], { encoding: "utf8" }).stdout.trim();
  const [, , uid, gid] = line.split(":");
  if (!uid || !gid) throw new Error("running as root and there is no postgres user to run initdb as");
  return { uid: Number(uid), gid: Number(gid) };
}

export async function createOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBin;
  if (!bin) throw new Error("no PostgreSQL binaries under /usr/lib/postgresql");
  const dir = mkdtempSync(path.join(tmpdir(), "hb-pg-"));
  const data = path.join(dir, "data");
  const owner = ownerIds();
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const run = (cmd: string, args: string[]) => {
    const result = owner
      ? spawnSync("runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args], { encoding: "utf8" })
      : spawnSync(path.join(bin, cmd), args, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${cmd} failed (${result.status}): ${result.stderr || result.stdout}`);
  };
  const port = await getPort({ host: "127.0.0.1" });
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = () => run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "-t", "30", "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]);
  start();
  return {
    serverUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
