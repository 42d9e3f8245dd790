// `hierboard grant-role EMAIL ADMIN|ORGANISER|PARTICIPANT`: makes an existing account an organiser
// or admin, in the database DATABASE_URL names (or the running `pnpm start`'s).
import { AppError, createPlatformContext, grantRole } from "@hierboard/platform";
import { connectToPlatform } from "./platform-connection.ts";

export const GRANT_ROLE_USAGE = "usage: hierboard grant-role EMAIL ADMIN|ORGANISER|PARTICIPANT";
const ROLES = ["ADMIN", "ORGANISER", "PARTICIPANT"] as const;

export async function runGrantRole(argv: readonly string[]): Promise<number> {
  const [email, roleArg, ...extra] = argv;
  const role = ROLES.find((r) => r === roleArg?.toUpperCase());
  if (!email || !role || extra.length > 0) {
    process.stderr.write(
      `hierboard grant-role: expected an email and one of ${ROLES.join(", ")}, got ${JSON.stringify(argv)}\n${GRANT_ROLE_USAGE}\n`,
    );
    return 2;
  }
  const connection = await connectToPlatform((line) => process.stderr.write(`${line}\n`));
  const ctx = createPlatformContext(connection);
  try {
    const user = await grantRole({ email, role }, ctx);
    process.stdout.write(`${user.email} is now ${user.role}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`hierboard grant-role: ${error instanceof AppError ? error.message : (error as Error).message}\n`);
    return 1;
  } finally {
    await ctx.close?.();
    await connection.services?.stop();
  }
}
