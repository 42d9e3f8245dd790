// A driver-adapter factory for Prisma's WASM schema engine (`engine: "js"`) that works around two
// defects of @prisma/adapter-pg 6.19 seen on these machines:
//  1. introspection queries return catalog columns of type `name` and `"char"`, which the adapter
//     refuses ("Column type 'name' could not be deserialized"); we report them as `text`, which is
//     what they are on the wire;
//  2. its shadow database pool spreads `{ ...config, database }` over a `connectionString`, which
//     wins in node-postgres, so the "shadow" is the main database; we build the shadow pool from
//     explicit connection fields instead.
import { randomUUID } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";

// `"char"` (18) and `name` (19) are plain strings on the wire.
const STRING_LIKE_OIDS = new Set([18, 19]);
const TEXT_OID = 25;

type QueryResultLike = { fields?: Array<{ dataTypeID: number }> };

function retypeNameColumns<T>(result: T): T {
  const fields = (result as QueryResultLike | undefined)?.fields;
  if (fields) for (const field of fields) if (STRING_LIKE_OIDS.has(field.dataTypeID)) field.dataTypeID = TEXT_OID;
  return result;
}

// node-postgres calls `client.query` both with a callback (from `pool.query`) and without one.
function patchClientQuery(client: pg.PoolClient): void {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = (err: unknown, result: unknown) => callback(err, retypeNameColumns(result));
      return original(...args);
    }
    const out = original(...args);
    return out instanceof Promise ? out.then(retypeNameColumns) : out;
  };
}

function patchedPool(config: pg.PoolConfig): pg.Pool {
  // The CLI does not always dispose its adapter; idle clients must not keep it alive for 10 s.
  const pool = new pg.Pool({ ...config, allowExitOnIdle: true });
  pool.on("connect", patchClientQuery);
  return pool;
}

/** Explicit connection fields, so that a `database` override is honoured. */
export function poolConfigFromUrl(connectionString: string): pg.PoolConfig {
  const url = new URL(connectionString);
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : 5432,
    user: decodeURIComponent(url.username) || undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    database: decodeURIComponent(url.pathname.replace(/^\//, "")) || undefined,
  };
}

/** The `adapter` factory for prisma.config.ts. */
export function schemaEngineAdapter(connectionString: string) {
  const config = poolConfigFromUrl(connectionString);
  const connectTo = (database?: string) =>
    new PrismaPg(patchedPool({ ...config, ...(database ? { database } : {}) }), { disposeExternalPool: true }).connect();
  return {
    provider: "postgres" as const,
    adapterName: "@prisma/adapter-pg" as const,
    connect: () => connectTo(),
    async connectToShadowDb() {
      const database = `prisma_migrate_shadow_db_${randomUUID()}`;
      const admin = new pg.Client(config);
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE "${database}"`);
      } finally {
        await admin.end();
      }
      const adapter = await connectTo(database);
      const dispose = adapter.dispose.bind(adapter);
      adapter.dispose = async () => {
        await dispose();
        const dropper = new pg.Client(config);
        await dropper.connect();
        try {
          await dropper.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
        } finally {
          await dropper.end();
        }
      };
      return adapter;
    },
  };
}
