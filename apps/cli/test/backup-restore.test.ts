// Back up a database holding a scored task, restore it into a fresh database, and get the same
// board byte for byte. Then the refusals: a tampered archive, a backup from newer code, a target
// that is not empty, and a pg_dump older than the server. Real PostgreSQL and real pg_dump.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPrismaClient } from "@hierboard/db";
import { TEST_SERVER_URL, testServerMajorVersion } from "@hierboard/db/testing";
import { quoteIdent, withDatabase } from "@hierboard/db/migrations";
import { createSubmission, getLeaderboard, leaderboardResponseText, type PlatformContext } from "@hierboard/platform";
import { createTestPlatform, fixture, scoreStoredSubmission, seedTask, type TestPlatform } from "@hierboard/platform/testing";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupDatabase } from "../src/backup/backup-database.ts";
import { restoreDatabase } from "../src/backup/restore-database.ts";
import { choosePgTool, findPgTool, parseToolVersion } from "../src/backup/pg-client-tools.ts";

function havePgDump(): boolean {
  try {
    execFileSync("pg_dump", ["--version"]);
    execFileSync("pg_restore", ["--version"]);
    return true;
  } catch {
    return false;
  }
}
const pgTools = havePgDump();
if (!pgTools) console.warn("[backup test] skipped: no pg_dump / pg_restore on the PATH (apt-get install postgresql-client)");
const serverMajor = await testServerMajorVersion();
/** pg_dump / pg_restore as new as the test server (not so for the embedded PostgreSQL 18, which ships none). */
const pgToolsForServer =
  pgTools &&
  (await findPgTool("pg_dump", { minMajor: serverMajor, preferMajor: serverMajor, reason: "" }, "").then(
    () => true,
    () => false,
  ));
if (pgTools && !pgToolsForServer)
  console.warn(`[backup test] skipped: no pg_dump ${serverMajor} or newer for the test server (PostgreSQL ${serverMajor})`);

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_SERVER_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe("pg client versions", () => {
  it("reads the version line of pg_dump", () => {
    expect(parseToolVersion("pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)\n")).toEqual({ version: "15.20", major: 15 });
    expect(parseToolVersion("pg_dump (PostgreSQL) 18beta1")).toEqual({ version: "18", major: 18 });
    expect(parseToolVersion("something else")).toBeUndefined();
  });

  const tool = (version: string) => ({
    bin: `/usr/lib/postgresql/${version.split(".")[0]}/bin/pg_dump`,
    version,
    major: Number.parseInt(version, 10),
  });
  const installed = [tool("15.20"), tool("18.1"), tool("17.2")];
  const server = (major: number) => ({ minMajor: major, preferMajor: major, reason: `the server runs PostgreSQL ${major}.1` });

  it("takes the copy of the server's major, else the oldest newer one", () => {
    expect(choosePgTool("pg_dump", installed, server(17)).version).toBe("17.2");
    expect(choosePgTool("pg_dump", installed, server(15)).version).toBe("15.20");
    expect(choosePgTool("pg_dump", installed, server(16)).version).toBe("17.2");
    // pg_restore: new enough for the archive (pg_dump 15), preferably the target server's major.
    expect(choosePgTool("pg_restore", installed, { minMajor: 15, preferMajor: 18, reason: "" }).version).toBe("18.1");
  });

  it("refuses when every copy is older than the server, naming the versions found and what to install", () => {
    expect(() => choosePgTool("pg_dump", [tool("15.20")], server(18))).toThrow(
      /pg_dump 18 or newer is needed \(the server runs PostgreSQL 18\.1\), but only pg_dump 15\.20 \(\/usr\/lib\/postgresql\/15\/bin\/pg_dump\) was found.*postgresql-client-18/,
    );
    expect(() => choosePgTool("pg_dump", [], server(18), "/opt/pg/bin")).toThrow(
      /pg_dump was not found \(looked in PG_BIN=\/opt\/pg\/bin\)/,
    );
  });

  it("PG_BIN is the only folder looked at", async () => {
    const bin = await mkdtemp(path.join(tmpdir(), "hb-pgbin-"));
    try {
      // A stand-in for a PostgreSQL 18 pg_dump (none is installable here): only its version line is read.
      await writeFile(path.join(bin, "pg_dump"), "#!/bin/sh\necho 'pg_dump (PostgreSQL) 18.1'\n", { mode: 0o755 });
      expect(await findPgTool("pg_dump", server(18), bin)).toEqual({ bin: path.join(bin, "pg_dump"), version: "18.1", major: 18 });
      await expect(findPgTool("pg_restore", server(18), bin)).rejects.toThrow(`pg_restore was not found (looked in PG_BIN=${bin})`);
    } finally {
      await rm(bin, { recursive: true, force: true });
    }
  });

  it.skipIf(!pgTools)("finds this machine's pg_dump by the server's major, and names it when the server is newer", async () => {
    const major = Number(parseToolVersion(execFileSync("pg_dump", ["--version"], { encoding: "utf8" }))!.major);
    const found = await findPgTool("pg_dump", server(major), "");
    expect(found.major).toBe(major);
    await expect(findPgTool("pg_dump", server(99), "")).rejects.toThrow(new RegExp(`pg_dump 99 or newer is needed.*pg_dump ${major}\\.`));
  });
});

describe.skipIf(!pgToolsForServer)("hierboard backup / restore", () => {
  let p: TestPlatform;
  let slug: string;
  let boardBefore: string;
  let dir: string;
  const restoredName = `hb_restore_${randomBytes(5).toString("hex")}`;
  const restoredUrl = withDatabase(TEST_SERVER_URL, restoredName);

  const board = (ctx: PlatformContext) =>
    getLeaderboard({ slug, phaseKey: "test", subtaskKey: "full", viewerId: null }, ctx).then(leaderboardResponseText);

  beforeAll(async () => {
    p = await createTestPlatform();
    const seed = await seedTask(p.ctx);
    slug = seed.slug;
    for (const file of ["pred-good.tsv", "pred-perfect.tsv"] as const) {
      const { id } = await createSubmission(
        { userId: seed.memberId, slug, subtaskKey: seed.subtaskKey, phaseKey: seed.phaseKey, fileName: file, content: fixture(file) },
        p.ctx,
      );
      await scoreStoredSubmission(p.ctx.db, id);
    }
    boardBefore = await board(p.ctx);
    dir = await mkdtemp(path.join(tmpdir(), "hb-backup-"));
  }, 120_000);

  afterAll(async () => {
    await p?.cleanup();
    await admin(`DROP DATABASE IF EXISTS ${quoteIdent(restoredName)} WITH (FORCE)`);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("restores into a fresh database and gives the same board, byte for byte", async () => {
    const out = path.join(dir, "backup");
    const manifest = await backupDatabase({ databaseUrl: p.database.url, out });
    expect(manifest.counts.Submission).toBe(2);
    expect(manifest.counts.Score).toBeGreaterThan(20);
    expect(manifest.migrations.length).toBeGreaterThan(0);
    expect(manifest.engine.major).toBeGreaterThanOrEqual(13);
    expect(JSON.parse(await readFile(path.join(out, "manifest.json"), "utf8"))).toEqual(manifest);

    const restored = await restoreDatabase({ databaseUrl: restoredUrl, from: out });
    expect(restored.migrated).toEqual([]);
    const db = createPrismaClient(restoredUrl);
    try {
      const ctx: PlatformContext = { ...p.ctx, db };
      const boardAfter = await board(ctx);
      expect(boardAfter).toBe(boardBefore);
      expect(JSON.parse(boardAfter).leaderboard.rows).toHaveLength(1);
      // The stored files came back too: the submissions' bytes are identical.
      const files = async (client: typeof db) =>
        (
          await client.submission.findMany({ orderBy: { fileName: "asc" }, select: { fileName: true, contentHash: true, content: true } })
        ).map((s) => [s.fileName, s.contentHash, Buffer.from(s.content).toString("base64")]);
      expect(await files(db)).toEqual(await files(p.ctx.db));
    } finally {
      await db.$disconnect();
    }

    // A second restore into the same (now full) database is refused and changes nothing.
    await expect(restoreDatabase({ databaseUrl: restoredUrl, from: out })).rejects.toThrow(/target database is not empty/);
  }, 180_000);

  it("refuses a tampered archive and a backup with migrations this checkout does not know", async () => {
    const out = path.join(dir, "refusals");
    await backupDatabase({ databaseUrl: p.database.url, out });
    await expect(backupDatabase({ databaseUrl: p.database.url, out })).rejects.toThrow(/already holds files/);

    const manifestPath = path.join(out, "manifest.json");
    const manifest = JSON.parse(await readFile(manifestPath, "utf8"));
    await writeFile(manifestPath, JSON.stringify({ ...manifest, migrations: [...manifest.migrations, "29990101000000_from_the_future"] }));
    const target = withDatabase(TEST_SERVER_URL, `hb_never_${randomBytes(4).toString("hex")}`);
    await expect(restoreDatabase({ databaseUrl: target, from: out })).rejects.toThrow(/29990101000000_from_the_future/);

    await writeFile(manifestPath, JSON.stringify(manifest));
    const dump = path.join(out, manifest.dump.file);
    const bytes = await readFile(dump);
    bytes[bytes.length - 10] = (bytes[bytes.length - 10] ?? 0) ^ 0xff;
    await writeFile(dump, bytes);
    await expect(restoreDatabase({ databaseUrl: target, from: out })).rejects.toThrow(/does not match its manifest/);
    // Neither refusal created the target database.
    const client = new pg.Client({ connectionString: TEST_SERVER_URL });
    await client.connect();
    try {
      const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [new URL(target).pathname.slice(1)]);
      expect(found.rowCount).toBe(0);
    } finally {
      await client.end();
    }
  }, 120_000);
});
