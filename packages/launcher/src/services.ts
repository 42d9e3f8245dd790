// PostgreSQL and Redis for one machine: the ones named by DATABASE_URL / REDIS_URL, or the
// embedded defaults (PostgreSQL from npm, a local redis-server) kept in the data folder. Used by
// `pnpm start` and by `hierboard import-germeval`; `pnpm test` starts the embedded ones the same way.
import { applyMigrations, ensureDatabase, migrationsDir, withDatabase } from "@hierboard/db/migrations";
import { ensureDataDir } from "./data-dir.ts";
import { startEmbeddedPostgres, type EmbeddedPostgresServer } from "./embedded-postgres.ts";
import { startLocalRedis, type LocalRedisServer } from "./local-redis.ts";

export interface Services {
  databaseUrl: string;
  redisUrl: string;
  /** Present when the launcher started them. */
  postgres?: EmbeddedPostgresServer;
  redis?: LocalRedisServer;
  /** Stops what was started here (Redis, then PostgreSQL); external services are left alone. */
  stop(): Promise<void>;
}

export interface StartServicesOptions {
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  dataDir: string;
  log: (line: string) => void;
  /** Told each server's pid as soon as it runs, so a crash right after leaves a record of it. */
  onStarted?: (name: "redis" | "postgres", pid: number) => void | Promise<void>;
}

/** The embedded cluster's database for HierBoard. */
const EMBEDDED_DATABASE = "hierboard";

export interface OwnServices {
  postgres?: EmbeddedPostgresServer;
  redis?: LocalRedisServer;
  /** Stops what was started (Redis, then PostgreSQL). */
  stop(): Promise<void>;
}

/**
 * Starts the local redis-server and/or the embedded PostgreSQL, with their data in `dataDir`
 * (Redis first: without it there is nothing to start, and that check is instant). On failure,
 * whatever was started is stopped again. Used by `pnpm start` and by `pnpm test`.
 */
export async function startOwnServices(opts: {
  postgres: boolean;
  redis: boolean;
  dataDir: string;
  log: (line: string) => void;
  onStarted?: StartServicesOptions["onStarted"];
}): Promise<OwnServices> {
  await ensureDataDir(opts.dataDir);
  let postgres: EmbeddedPostgresServer | undefined;
  let redis: LocalRedisServer | undefined;
  const stop = async () => {
    await redis?.stop();
    await postgres?.stop();
  };
  try {
    if (opts.redis) {
      redis = await startLocalRedis({ dataDir: opts.dataDir, log: opts.log });
      await opts.onStarted?.("redis", redis.pid);
      opts.log(`redis-server on port ${redis.port} (pid ${redis.pid}, data in ${opts.dataDir}/redis)`);
    }
    if (opts.postgres) {
      postgres = await startEmbeddedPostgres({ dataDir: opts.dataDir, log: opts.log });
      await opts.onStarted?.("postgres", postgres.pid);
      opts.log(`embedded PostgreSQL on port ${postgres.port} (pid ${postgres.pid}, data in ${postgres.dataDir})`);
    }
    return { postgres, redis, stop };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}

/**
 * Starts (or connects to) PostgreSQL and Redis, creates the database if needed and applies the
 * migrations with the offline applier. On failure, whatever was started is stopped again.
 */
export async function startServices(opts: StartServicesOptions): Promise<Services> {
  const own = await startOwnServices({ ...opts, postgres: !opts.databaseUrl, redis: !opts.redisUrl });
  try {
    const databaseUrl = opts.databaseUrl ?? withDatabase(own.postgres!.serverUrl, EMBEDDED_DATABASE);
    if (await ensureDatabase(databaseUrl)) opts.log("created the database");
    const migrated = await applyMigrations({ databaseUrl, migrationsDir });
    opts.log(`migrations: ${migrated.applied.length} applied, ${migrated.skipped.length} already there`);
    return { databaseUrl, redisUrl: opts.redisUrl ?? own.redis!.url, postgres: own.postgres, redis: own.redis, stop: own.stop };
  } catch (error) {
    await own.stop().catch(() => {});
    throw error;
  }
}
