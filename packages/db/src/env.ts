// The only place the db package's command-line tools read the environment.
import { z } from "zod";
import { databaseEnvFragment } from "./env/fragments.ts";

const schema = z.object({ ...databaseEnvFragment });

export type DbEnv = z.infer<typeof schema>;

export function loadDbEnv(source: NodeJS.ProcessEnv = process.env): DbEnv {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`invalid environment: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
