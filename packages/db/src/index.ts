export { createPrismaClient, type CreatePrismaClientOptions, type Db, type DbTx } from "./client.ts";
export { PrismaClient, Prisma } from "./generated/prisma/client.ts";
export type {
  ApiToken,
  AuditLog,
  GoldVersion,
  Invitation,
  Membership,
  Phase,
  Score,
  ScoreSet,
  Submission,
  Subtask,
  Task,
  TaskFile,
  TaskOwner,
  TaxonomyVersion,
  Team,
  User,
} from "./generated/prisma/client.ts";
export * from "./generated/prisma/enums.ts";
