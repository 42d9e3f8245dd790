// What every demo task does with its teams: an account per team, and each team's file submitted once.
import { randomBytes } from "node:crypto";
import { createSubmission, createUser, type PlatformContext } from "@hierboard/platform";

export interface DemoOwner {
  userId: string;
  name: string;
}

/** One account per demo team (`<name>@<domain>`, " (<suffix>)" after its name), made once. */
export async function demoOwners(
  ctx: PlatformContext,
  teams: readonly { name: string }[],
  domain: string,
  suffix: string,
): Promise<DemoOwner[]> {
  const owners: DemoOwner[] = [];
  for (const team of teams) {
    const email = `${team.name.toLowerCase()}@${domain}`;
    // Demo accounts get a random password nobody knows: they exist to own a team.
    const user =
      (await ctx.db.user.findUnique({ where: { email }, select: { id: true } })) ??
      (await createUser({ name: `${team.name} (${suffix})`, email, password: randomBytes(18).toString("base64url") }, ctx));
    owners.push({ userId: user.id, name: team.name });
  }
  return owners;
}

/** Each team's file, submitted by its owner unless the team already has a submission in the phase; how many were submitted. */
export async function submitDemoFiles(
  ctx: PlatformContext,
  target: { slug: string; subtaskKey: string; phaseKey: string; phaseId: string },
  teams: readonly { name: string; fileName: string; content: string }[],
  teamIds: ReadonlyMap<string, string>,
  owners: readonly DemoOwner[],
): Promise<number> {
  let submitted = 0;
  for (const [k, team] of teams.entries()) {
    const teamId = teamIds.get(team.name)!;
    if (await ctx.db.submission.findFirst({ where: { teamId, phaseId: target.phaseId }, select: { id: true } })) continue;
    const { slug, subtaskKey, phaseKey } = target;
    const content = new TextEncoder().encode(team.content);
    await createSubmission({ userId: owners[k]!.userId, slug, subtaskKey, phaseKey, fileName: team.fileName, content }, ctx);
    submitted += 1;
  }
  return submitted;
}
