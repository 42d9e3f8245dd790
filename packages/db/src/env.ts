// The only place the db package's command-line tools read the environment.
import { z } from "zod";

const schema = z.object({
  DATABASE_URL: z.url().default("postgresql://root@127.0.0.1:5432/hierboard"),
});

export type DbEnv = z.infer<typeof schema>;

export function loadDbEnv(source: NodeJS.ProcessEnv = process.env): DbEnv {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`invalid environment: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
