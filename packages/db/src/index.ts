export { createPrismaClient, type CreatePrismaClientOptions, type Db, type DbTx } from "./client.ts";
export { PrismaClient, Prisma } from "./generated/prisma/client.ts";
export * from "./generated/prisma/enums.ts";
export type * from "./generated/prisma/models.ts";
