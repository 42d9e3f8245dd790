import { PrismaPg } from "@prisma/adapter-pg";
import { type Prisma, PrismaClient } from "./generated/prisma/client.ts";

export interface CreatePrismaClientOptions {
  /** Pool size of the underlying node-postgres pool. */
  maxConnections?: number;
}

/**
 * A Prisma client on the JS query compiler and node-postgres (no native engine), as the stack
 * notes require. The caller owns it and must `$disconnect()` it.
 */
export function createPrismaClient(databaseUrl: string, opts: CreatePrismaClientOptions = {}): PrismaClient {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: opts.maxConnections ?? 10 });
  return new PrismaClient({ adapter });
}

export type Db = PrismaClient;
/** The client handed to `$transaction(async (tx) => …)` callbacks. */
export type DbTx = Prisma.TransactionClient;
