// A small task with one subtask and one open phase, an organiser, a team and an outsider.
import { createPhase } from "../phases/create-phase.ts";
import { uploadGold } from "../phases/upload-gold.ts";
import { DEFAULT_PRIMARY_MEASURE, HEADLINE_MEASURES } from "../scoring/measure-catalogue.ts";
import { createSubtask } from "../subtasks/create-subtask.ts";
import { createTask } from "../tasks/create-task.ts";
import { setTaskStatus } from "../tasks/set-task-status.ts";
import { uploadTaxonomy } from "../taxonomy/upload-taxonomy.ts";
import { createTeam } from "../teams/create-team.ts";
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
  await createTask({ userId: organiser.id, slug, title: "Zoo classification", description: "Classify **animals** and plants." }, ctx);
  const taxonomy = await uploadTaxonomy({ userId: organiser.id, slug, fileName: "taxonomy.tsv", content: fixture("taxonomy.tsv") }, ctx);
  await createSubtask(
    {
      userId: organiser.id,
      slug,
      key: "full",
      name: "Full hierarchy",
      taxonomyVersionId: taxonomy.id,
      measuresShown: HEADLINE_MEASURES,
      primaryMeasure: DEFAULT_PRIMARY_MEASURE,
    },
    ctx,
  );
  const now = ctx.now().getTime();
  await createPhase(
    {
      userId: organiser.id,
      slug,
      key: "test",
      name: "Test",
      startsAt: opts.startsAt ?? new Date(now - 86_400_000),
      endsAt: opts.endsAt ?? new Date(now + 7 * 86_400_000),
      dailyLimit: opts.dailyLimit ?? null,
      totalLimit: opts.totalLimit ?? null,
      visibility: opts.visibility ?? "PUBLIC",
    },
    ctx,
  );
  await uploadGold({ userId: organiser.id, slug, phaseKey: "test", fileName: "gold.tsv", content: fixture("gold.tsv") }, ctx);
  await setTaskStatus({ userId: organiser.id, slug, status: "PUBLISHED" }, ctx);
  const team = await createTeam({ userId: member.id, slug, name: "Team Tariq" }, ctx);
  return {
    slug,
    subtaskKey: "full",
    phaseKey: "test",
    organiserId: organiser.id,
    memberId: member.id,
    outsiderId: outsider.id,
    teamId: team.id,
    inviteCode: team.inviteCode,
  };
}
