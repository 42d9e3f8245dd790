// The CAFA-style demo task, seeded like the main demo (idempotently, through the platform's own
// functions): a synthetic GO-shaped DAG, its IA file, and four teams' score files.
import { CAFA_DEMO_NAMESPACES, generateCafaDemo } from "@hierboard/demo";
import { attachIaFile, setUpTask, type PlatformContext } from "@hierboard/platform";
import { demoOwners, submitDemoFiles } from "./demo-teams.ts";

export const CAFA_DEMO_SLUG = "demo-cafa";
export const CAFA_DEMO_SUBTASK = "go";
export const CAFA_DEMO_PHASE = "test";
const DAY_MS = 86_400_000;

const DESCRIPTION = `A synthetic, licence-free protein-function task shaped like CAFA's, made by \`@hierboard/demo\`:
a Gene-Ontology-like DAG of three namespaces (BPO, MFO, CCO; about 40 terms each), gold terms for 150
proteins, and the information accretion (IA) those annotations give. Teams upload score files
(\`protein<TAB>term<TAB>score\`); the board ranks them by **wFmax** in BPO, as CAFA-evaluator computes it.`;

const measure = (ns: string, m: string) => `cafa.namespaces.${ns}.${m}`;

export async function seedCafaDemo(ctx: PlatformContext, organiserId: string, log: (line: string) => void): Promise<{ submitted: number }> {
  const demo = generateCafaDemo({ seed: 5 });
  const text = (s: string) => new TextEncoder().encode(s);
  const owners = await demoOwners(ctx, demo.teams, "demo-cafa.hierboard.local", "CAFA demo");
  const created = !(await ctx.db.task.findUnique({ where: { slug: CAFA_DEMO_SLUG }, select: { id: true } }));
  const now = ctx.now().getTime();
  const { phaseId, teamIds } = await setUpTask(
    {
      organiserId,
      slug: CAFA_DEMO_SLUG,
      title: "HierBoard demo: protein function (CAFA-style)",
      description: DESCRIPTION,
      taxonomy: { fileName: "go-shaped.tsv", content: text(demo.taxonomyTsv) },
      subtasks: [
        {
          key: CAFA_DEMO_SUBTASK,
          name: "Protein function (three namespaces)",
          primaryMeasure: measure("BPO", "wfmax"),
          measuresShown: [
            ...CAFA_DEMO_NAMESPACES.map((ns) => measure(ns, "wfmax")),
            measure("BPO", "fmax"),
            measure("BPO", "smin"),
            measure("BPO", "coverageAtFmax"),
          ],
          cafa: {},
          bootstrap: 200,
        },
      ],
      phase: {
        key: CAFA_DEMO_PHASE,
        name: "Test",
        startsAt: new Date(now - DAY_MS),
        endsAt: new Date(now + 10 * 365 * DAY_MS),
        visibility: "PUBLIC",
      },
      gold: { fileName: "gold.tsv", content: text(demo.goldTsv) },
      teams: owners,
    },
    ctx,
  );
  const taxonomy = await ctx.db.taxonomyVersion.findFirstOrThrow({
    where: { task: { slug: CAFA_DEMO_SLUG }, version: 1 },
    select: { iaHash: true },
  });
  if (taxonomy.iaHash === null)
    await attachIaFile(
      { userId: organiserId, slug: CAFA_DEMO_SLUG, taxonomyVersion: 1, fileName: "ia.tsv", content: text(demo.iaTsv) },
      ctx,
    );
  if (created) log(`created the CAFA-style demo task "${CAFA_DEMO_SLUG}"`);
  const submitted = await submitDemoFiles(
    ctx,
    { slug: CAFA_DEMO_SLUG, subtaskKey: CAFA_DEMO_SUBTASK, phaseKey: CAFA_DEMO_PHASE, phaseId },
    demo.teams,
    teamIds,
    owners,
  );
  if (submitted > 0) log(`submitted ${submitted} CAFA demo team file(s); the worker scores them`);
  return { submitted };
}
