// `pnpm --filter @hierboard/platform grant-role <email> <ADMIN|ORGANISER|PARTICIPANT>`
// Operator tool: makes an existing account an organiser or admin (uses DATABASE_URL).
import { platformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { grantRole } from "../users/grant-role.ts";

const [email, role] = process.argv.slice(2);
if (!email || !role) {
  console.error("usage: grant-role <email> <ADMIN|ORGANISER|PARTICIPANT>");
  process.exit(2);
}
const ctx = platformContext();
try {
  const user = await grantRole({ email, role: role.toUpperCase() as "ADMIN" }, ctx);
  console.log(`${user.email} is now ${user.role}`);
} catch (error) {
  console.error(error instanceof AppError ? error.message : error);
  process.exitCode = 1;
} finally {
  await ctx.close?.();
}
