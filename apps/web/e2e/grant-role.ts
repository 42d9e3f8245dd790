// An admin's grant in the e2e stack: sign-up makes participants only, so a spec that needs an
// organiser (or an admin) has the operator's tool grant the role, as an admin of an installation
// would: `pnpm --filter @hierboard/platform grant-role`, against the stack's database.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../..", import.meta.url));

/** The role change ends the account's sessions: sign in again afterwards. */
export function grantRole(email: string, role: "ORGANISER" | "ADMIN"): void {
  const database = process.env.E2E_DATABASE ?? "hierboard_e2e";
  execFileSync("pnpm", ["--silent", "--filter", "@hierboard/platform", "grant-role", email, role], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: `postgresql://root@127.0.0.1:5432/${database}` },
  });
}
