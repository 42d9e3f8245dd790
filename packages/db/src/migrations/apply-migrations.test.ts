import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/test-database.ts";
import { applyMigrations, migrationChecksum, readMigrations } from "./apply-migrations.ts";
import { dbPackageDir, migrationsDir } from "./paths.ts";

describe("migrationChecksum", () => {
  it("is Prisma's zero-padded sha256 hex (prisma-engines checksum.rs test vector)", () => {
    expect(migrationChecksum("hello")).toBe("2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824");
  });
});

describe("applyMigrations", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("applies every committed migration once and records it like prisma migrate deploy", async () => {
    const first = await applyMigrations({ databaseUrl: t.url, migrationsDir });
    const files = await readMigrations(migrationsDir);
    expect(first.applied).toEqual(files.map((f) => f.name));
    const second = await applyMigrations({ databaseUrl: t.url, migrationsDir });
    expect(second).toEqual({ applied: [], skipped: files.map((f) => f.name) });

    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    const rows = await client.query(
      `SELECT migration_name, checksum, applied_steps_count, finished_at IS NOT NULL AS finished, length(id) AS id_len
       FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    await client.end();
    expect(rows.rows).toEqual(
      files.map((f) => ({ migration_name: f.name, checksum: f.checksum, applied_steps_count: 1, finished: true, id_len: 36 })),
    );
  });

  it("is recognised by the real `prisma migrate deploy` (nothing pending)", () => {
    const out = spawnSync(
      path.join(dbPackageDir, "node_modules/.bin/prisma"),
      ["migrate", "deploy", "--config", path.join(dbPackageDir, "prisma.config.ts")],
      { cwd: dbPackageDir, env: { ...process.env, DATABASE_URL: t.url, CHECKPOINT_DISABLE: "1" }, encoding: "utf8" },
    );
    expect(out.status, out.stderr + out.stdout).toBe(0);
    expect(out.stdout).toContain("No pending migrations to apply");
  });

  it("rolls back a failing migration entirely and records nothing", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "hb-mig-"));
    try {
      await mkdir(path.join(dir, "20000101000000_ok"));
      await writeFile(path.join(dir, "20000101000000_ok", "migration.sql"), 'CREATE TABLE "Ok" (id int);\n');
      await mkdir(path.join(dir, "20000102000000_bad"));
      await writeFile(
        path.join(dir, "20000102000000_bad", "migration.sql"),
        'CREATE TABLE "HalfDone" (id int);\nSELECT * FROM "does_not_exist";\n',
      );
      const scratch = await createTestDatabase({ migrate: false });
      try {
        await expect(applyMigrations({ databaseUrl: scratch.url, migrationsDir: dir })).rejects.toThrow(
          /20000102000000_bad failed and was rolled back: relation "does_not_exist" does not exist/,
        );
        const client = new pg.Client({ connectionString: scratch.url });
        await client.connect();
        const names = await client.query(`SELECT migration_name FROM "_prisma_migrations"`);
        const half = await client.query(`SELECT to_regclass('"HalfDone"') AS t`);
        await client.end();
        expect(names.rows.map((r) => r.migration_name)).toEqual(["20000101000000_ok"]);
        expect(half.rows[0].t).toBeNull();

        // An applied migration that is edited afterwards is refused.
        await writeFile(path.join(dir, "20000101000000_ok", "migration.sql"), 'CREATE TABLE "Ok" (id bigint);\n');
        await expect(applyMigrations({ databaseUrl: scratch.url, migrationsDir: dir })).rejects.toThrow(
          /20000101000000_ok was edited after it was applied/,
        );
      } finally {
        await scratch.drop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
