// The embedded Redis is private to its owner: it refuses a client without its generated password,
// the password file and Redis's folder and files are readable by the owner only, also in a data
// folder made before they were (a 0755 folder with a 0644 log).
import { mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { findRedisServer, startLocalRedis, type LocalRedisServer } from "../src/local-redis.ts";

let dataDir: string;
let redis: LocalRedisServer | undefined;
const hasRedis = findRedisServer() !== undefined;

/** The first reply line of Redis to `commands`, sent on a fresh connection. */
function ask(port: number, commands: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: "127.0.0.1" }, () => socket.write(commands));
    let answer = "";
    socket.on("data", (data) => {
      answer += data.toString();
      if (answer.endsWith("\r\n")) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.once("error", reject);
  });
}
const mode = async (file: string) => (await stat(file)).mode & 0o777;

beforeAll(async () => {
  if (!hasRedis) return;
  dataDir = await mkdtemp(path.join(tmpdir(), "hierboard-private-redis-"));
  await mkdir(path.join(dataDir, "redis"), { mode: 0o755 });
  await writeFile(path.join(dataDir, "redis", "redis.log"), "an older log\n", { mode: 0o644 });
  redis = await startLocalRedis({ dataDir, log: () => undefined });
});
afterAll(async () => {
  await redis?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it.skipIf(!hasRedis)("refuses a connection without its password and answers one with the URL's", async () => {
  expect(await ask(redis!.port, "PING\r\n")).toMatch(/^-NOAUTH/);
  expect(await ask(redis!.port, "SET hierboard:sign-in-lock x\r\n")).toMatch(/^-NOAUTH/);
  const password = decodeURIComponent(new URL(redis!.url).password);
  expect(password.length).toBeGreaterThanOrEqual(32);
  expect(await ask(redis!.port, `AUTH ${password}\r\nPING\r\n`)).toBe("+OK\r\n+PONG\r\n");
});

it.skipIf(!hasRedis)("keeps its folder 0700 and its files 0600, also in an existing data folder", async () => {
  const password = decodeURIComponent(new URL(redis!.url).password);
  expect(await ask(redis!.port, `AUTH ${password}\r\nSAVE\r\n`)).toBe("+OK\r\n+OK\r\n");
  expect(await mode(path.join(dataDir, "redis"))).toBe(0o700);
  for (const file of ["dump.rdb", "redis.conf", "redis.log"])
    expect([file, await mode(path.join(dataDir, "redis", file))]).toEqual([file, 0o600]);
  expect(await mode(path.join(dataDir, "redis-password"))).toBe(0o600);
});
