export { createPrismaClient, type Db, type DbTx } from "./client.ts";
export { Prisma } from "./generated/prisma/client.ts";
export type {
  GoldVersion,
  Phase,
  Submission,
  Subtask,
  Task,
  TaskFile,
  TaxonomyVersion,
  Team,
  User,
} from "./generated/prisma/client.ts";
export * from "./generated/prisma/enums.ts";
