// A whole scoring task from its files, in the order an organiser builds it. Used by `pnpm start`'s
// demo seed, the worker's benchmarks and the tests that need a real task (GermEval, LSHTC-scale,
// generated ones), so that they all set a task up one way.
import type { z } from "zod";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { createPhase, type createPhaseInput } from "../phases/create-phase.ts";
import { uploadGold } from "../phases/upload-gold.ts";
import { createSubtask, type createSubtaskInput } from "../subtasks/create-subtask.ts";
import { createTeam } from "../teams/create-team.ts";
import { uploadTaxonomy } from "../taxonomy/upload-taxonomy.ts";
import { createTask } from "./create-task.ts";
import { setTaskStatus } from "./set-task-status.ts";

const DAY_MS = 86_400_000;

type UploadedFile = { fileName: string; content: Uint8Array };
type WithoutOwner<T> = T extends unknown ? Omit<T, "userId" | "slug" | "taxonomyVersionId"> : never;

export interface TaskSetup {
  organiserId: string;
  slug: string;
  title: string;
  description?: string;
  taxonomy: UploadedFile;
  /** Each scored against the taxonomy above. */
  subtasks: WithoutOwner<z.input<typeof createSubtaskInput>>[];
  /** Default: phase "test", open from a day before `ctx.now()` to a day after. */
  phase?: WithoutOwner<z.input<typeof createPhaseInput>>;
  /**
   * The phase's gold; once it is stored the task is published. Without it the task stays a draft,
   * which takes no teams: the caller uploads the gold (over HTTP, say), publishes the task and adds
   * its teams (the LSHTC-scale benchmark).
   */
  gold?: UploadedFile;
  /** Teams to create, each by its first member. */
  teams?: { userId: string; name: string }[];
}

export interface SetUpTask {
  taskId: string;
  phaseId: string;
  taxonomy: { id: string; nodeCount: number };
  /** Team id by name, for every team in `teams`. */
  teamIds: Map<string, string>;
}

/**
 * Creates the task, uploads the taxonomy, adds the subtasks and the phase, uploads the gold,
 * publishes the task and creates the teams, through the platform's own functions (so every check
 * and audit row applies). Each step first looks for what it would create: running it again, or
 * after an interrupted run, adds only what is missing.
 */
export async function setUpTask(spec: TaskSetup, ctx: PlatformContext = platformContext()): Promise<SetUpTask> {
  const { db } = ctx;
  const now = ctx.now().getTime();
  const phaseSpec = spec.phase ?? { key: "test", name: "Test", startsAt: new Date(now - DAY_MS), endsAt: new Date(now + DAY_MS) };
  const owner = { userId: spec.organiserId, slug: spec.slug };
  const task =
    (await db.task.findUnique({ where: { slug: spec.slug }, select: { id: true } })) ??
    (await createTask({ ...owner, title: spec.title, description: spec.description }, ctx));
  const taxonomy =
    (await db.taxonomyVersion.findFirst({
      where: { taskId: task.id },
      orderBy: { version: "desc" },
      select: { id: true, nodeCount: true },
    })) ?? (await uploadTaxonomy({ ...owner, ...spec.taxonomy }, ctx));
  for (const subtask of spec.subtasks) {
    if (await db.subtask.findUnique({ where: { taskId_key: { taskId: task.id, key: subtask.key } }, select: { id: true } })) continue;
    await createSubtask({ ...owner, ...subtask, taxonomyVersionId: taxonomy.id }, ctx);
  }
  const phaseKey = { taskId_key: { taskId: task.id, key: phaseSpec.key } };
  if (!(await db.phase.findUnique({ where: phaseKey, select: { id: true } }))) await createPhase({ ...owner, ...phaseSpec }, ctx);
  const phase = await db.phase.findUniqueOrThrow({ where: phaseKey, select: { id: true } });
  if (spec.gold && !(await db.goldVersion.findFirst({ where: { phaseId: phase.id }, select: { id: true } }))) {
    await uploadGold({ ...owner, phaseKey: phaseSpec.key, ...spec.gold }, ctx);
    await setTaskStatus({ ...owner, status: "PUBLISHED" }, ctx);
  }
  const teamIds = new Map<string, string>();
  for (const team of spec.teams ?? []) {
    const existing = await db.team.findFirst({ where: { taskId: task.id, name: team.name }, select: { id: true } });
    teamIds.set(team.name, existing?.id ?? (await createTeam({ userId: team.userId, slug: spec.slug, name: team.name }, ctx)).id);
  }
  return { taskId: task.id, phaseId: phase.id, taxonomy: { id: taxonomy.id, nodeCount: taxonomy.nodeCount }, teamIds };
}
