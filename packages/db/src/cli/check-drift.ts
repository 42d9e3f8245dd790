// `pnpm db:check`: fails when prisma/schema.prisma and prisma/migrations disagree.
import { loadDbEnv } from "../env.ts";
import { checkDrift } from "../migrations/check-drift.ts";

const { DATABASE_URL } = loadDbEnv();
const result = await checkDrift({ databaseUrl: DATABASE_URL });
if (result.inSync) {
  console.log("schema and migrations agree");
} else {
  console.error("prisma/schema.prisma and prisma/migrations disagree; the migrations are missing:\n");
  console.error(result.sql);
  console.error("\nWrite a new migration with `pnpm db:new-migration <name>`.");
  process.exitCode = 1;
}
