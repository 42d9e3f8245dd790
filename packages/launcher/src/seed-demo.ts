// The demo task, seeded through the platform's own functions, step by step and idempotently: each
// step first looks for what it would create, so a second start (or one after an interrupted
// first) adds only what is missing.
import { generateDemo, DEMO_MEASURES, DEMO_FILES } from "@hierboard/demo";
import { setUpTask, updateTeamDescription, type PlatformContext } from "@hierboard/platform";
import { demoOwners, submitDemoFiles } from "./demo-teams.ts";

export const DEMO_SLUG = "demo";
export const DEMO_SUBTASK = "full";
export const DEMO_PHASE = "test";
const DAY_MS = 86_400_000;

export interface SeededDemo {
  slug: string;
  phaseKey: string;
  subtaskKey: string;
  teams: string[];
  /** Submissions created by this call (0 on a second start). */
  submitted: number;
}

const DESCRIPTION = `A synthetic, licence-free demo made by \`@hierboard/demo\`: a three-level taxonomy of about 300
genres with a few DAG edges, gold labels for 2,000 documents, and six teams that fail in different
ways. Compare how they rank under **HC-F1**, flat micro-F1, subset accuracy and hF.`;

export async function seedDemo(ctx: PlatformContext, organiserId: string, log: (line: string) => void): Promise<SeededDemo> {
  const demo = generateDemo({ seed: 2019 });
  const text = (s: string) => new TextEncoder().encode(s);

  const owners = await demoOwners(ctx, demo.teams, "demo.hierboard.local", "demo");
  const created = !(await ctx.db.task.findUnique({ where: { slug: DEMO_SLUG }, select: { id: true } }));
  const now = ctx.now().getTime();
  const { phaseId, teamIds } = await setUpTask(
    {
      organiserId,
      slug: DEMO_SLUG,
      title: "HierBoard demo: genre classification",
      description: DESCRIPTION,
      taxonomy: { fileName: DEMO_FILES.taxonomy, content: text(demo.taxonomyTsv) },
      subtasks: [
        {
          key: DEMO_SUBTASK,
          name: "Full hierarchy",
          primaryMeasure: "hc.f1",
          measuresShown: [...DEMO_MEASURES, "flat.macro.f1", "hc.mcc"],
          // Intervals on the board from the start: the demo shows what a task with bootstrap looks like.
          bootstrap: 200,
          // The board's average-rank column is on, so a newcomer sees it.
          showAverageRank: true,
        },
      ],
      phase: {
        key: DEMO_PHASE,
        name: "Test",
        startsAt: new Date(now - DAY_MS),
        endsAt: new Date(now + 10 * 365 * DAY_MS),
        visibility: "PUBLIC",
        // A public/private split of the test set, so a newcomer sees one: 30 % public during the phase.
        publicFraction: 0.3,
      },
      gold: { fileName: DEMO_FILES.gold, content: text(demo.goldTsv) },
      teams: owners,
    },
    ctx,
  );
  if (created) log(`created the demo task "${DEMO_SLUG}"`);

  // Each team describes its system, as teams do for the overview paper (shown on the team pages).
  for (const [k, team] of demo.teams.entries()) {
    const described = await ctx.db.team.findUnique({ where: { id: teamIds.get(team.name)! }, select: { systemDescription: true } });
    if (described?.systemDescription) continue;
    const systemName = `${team.name}-${team.behaviour}`;
    await updateTeamDescription({ userId: owners[k]!.userId, slug: DEMO_SLUG, systemName, systemDescription: team.description }, ctx);
  }

  const submitted = await submitDemoFiles(
    ctx,
    { slug: DEMO_SLUG, subtaskKey: DEMO_SUBTASK, phaseKey: DEMO_PHASE, phaseId },
    demo.teams,
    teamIds,
    owners,
  );
  if (submitted > 0) log(`submitted ${submitted} demo team file(s); the worker scores them`);
  return { slug: DEMO_SLUG, phaseKey: DEMO_PHASE, subtaskKey: DEMO_SUBTASK, teams: demo.teams.map((t) => t.name), submitted };
}
