// A small task with one subtask and one open phase, an organiser, a team and an outsider.
import { DEFAULT_PRIMARY_MEASURE, HEADLINE_MEASURES } from "../scoring/measure-catalogue.ts";
import { setUpTask } from "../tasks/set-up-task.ts";
import { createUser } from "../users/create-user.ts";
import type { PlatformContext } from "../context/platform-context.ts";
import { fixture } from "./fixtures.ts";

export interface SeededTask {
  slug: string;
  subtaskKey: string;
  phaseKey: string;
  organiserId: string;
  memberId: string;
  outsiderId: string;
  teamId: string;
  inviteCode: string;
}

export async function seedTask(
  ctx: PlatformContext,
  opts: {
    slug?: string;
    dailyLimit?: number | null;
    totalLimit?: number | null;
    startsAt?: Date;
    endsAt?: Date;
    visibility?: "PUBLIC" | "PRIVATE";
  } = {},
): Promise<SeededTask> {
  const slug = opts.slug ?? "zoo";
  const organiser = await createUser(
    { name: "Olga Organiser", email: `olga@${slug}.test`, password: "kestrel-ledger-42", role: "ORGANISER" },
    ctx,
  );
  const member = await createUser({ name: "Tariq Team", email: `tariq@${slug}.test`, password: "participant-pass" }, ctx);
  const outsider = await createUser({ name: "Oscar Outsider", email: `oscar@${slug}.test`, password: "basalt-orchard-91" }, ctx);
  const now = ctx.now().getTime();
  const { teamIds } = await setUpTask(
    {
      organiserId: organiser.id,
      slug,
      title: "Zoo classification",
      description: "Classify **animals** and plants.",
      taxonomy: { fileName: "taxonomy.tsv", content: fixture("taxonomy.tsv") },
      subtasks: [{ key: "full", name: "Full hierarchy", measuresShown: HEADLINE_MEASURES, primaryMeasure: DEFAULT_PRIMARY_MEASURE }],
      phase: {
        key: "test",
        name: "Test",
        startsAt: opts.startsAt ?? new Date(now - 86_400_000),
        endsAt: opts.endsAt ?? new Date(now + 7 * 86_400_000),
        dailyLimit: opts.dailyLimit ?? null,
        totalLimit: opts.totalLimit ?? null,
        visibility: opts.visibility ?? "PUBLIC",
      },
      gold: { fileName: "gold.tsv", content: fixture("gold.tsv") },
      teams: [{ userId: member.id, name: "Team Tariq" }],
    },
    ctx,
  );
  const teamId = teamIds.get("Team Tariq")!;
  const invitation = await ctx.db.invitation.findFirstOrThrow({ where: { teamId }, select: { code: true } });
  return {
    slug,
    subtaskKey: "full",
    phaseKey: "test",
    organiserId: organiser.id,
    memberId: member.id,
    outsiderId: outsider.id,
    teamId,
    inviteCode: invitation.code,
  };
}
