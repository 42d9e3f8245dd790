// Imports a GermEval 2019 Task 1 folder through the platform's functions, idempotently: each step
// looks for what it would create first, so a second run (or one after an interruption) adds only
// what is missing.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import {
  createPhase,
  createSubmission,
  createSubtask,
  createTask,
  createTeam,
  createUser,
  DEFAULT_SHOWN_MEASURES,
  sha256Hex,
  updatePhase,
  setTaskStatus,
  uploadGold,
  uploadTaxonomy,
  type PlatformContext,
} from "@hierboard/platform";

export const GERMEVAL_FILES = { taxonomy: "hierarchy.txt", gold: "blurbs_test_label.txt", submissions: "submissions" } as const;
const PHASE = "test";
const MINUTE_MS = 60_000;

export interface GermevalFolder {
  taxonomy: Uint8Array;
  gold: Uint8Array;
  /** Sorted by file name. */
  submissions: { team: string; system: string; fileName: string; content: Uint8Array }[];
}

export interface ImportResult {
  slug: string;
  teams: number;
  /** Submissions created by this run (one file counts once per subtask). */
  submitted: number;
  skipped: number;
}

/** Reads DIR; throws with the missing file's path. A submission file is `<Team>__<System>.txt`. */
export async function readGermevalFolder(dir: string): Promise<GermevalFolder> {
  const read = async (name: string) => {
    try {
      return new Uint8Array(await readFile(path.join(dir, name)));
    } catch (error) {
      throw new Error(`expected ${path.join(dir, name)}, got ${(error as NodeJS.ErrnoException).code ?? "an unreadable file"}`, { cause: error });
    }
  };
  const [taxonomy, gold] = await Promise.all([read(GERMEVAL_FILES.taxonomy), read(GERMEVAL_FILES.gold)]);
  const names = (await readdir(path.join(dir, GERMEVAL_FILES.submissions)).catch(() => [])).filter((n) => n.endsWith(".txt")).sort();
  if (names.length === 0) throw new Error(`expected submission files ${path.join(dir, GERMEVAL_FILES.submissions, "<Team>__<System>.txt")}, found none`);
  const submissions = [];
  for (const fileName of names) {
    const stem = fileName.slice(0, -".txt".length);
    const cut = stem.indexOf("__");
    if (cut <= 0) throw new Error(`expected ${fileName} to be named <Team>__<System>.txt`);
    submissions.push({ team: stem.slice(0, cut), system: stem.slice(cut + 2), fileName, content: await read(path.join(GERMEVAL_FILES.submissions, fileName)) });
  }
  return { taxonomy, gold, submissions };
}

const SUBTASKS = [
  { key: "a", name: "Subtask A: top level", maxDepth: 1, section: "a" as const },
  { key: "b", name: "Subtask B: whole hierarchy", maxDepth: null, section: "b" as const },
];

const description = (teams: number, files: number) => `GermEval 2019 Task 1: classify German book blurbs into a genre hierarchy of 343 labels
(subtask A: the 8 top-level genres; subtask B: the whole hierarchy), imported from the official
taxonomy, test gold and the ${files} submitted runs of ${teams} teams. Ranked by flat micro-F1, the
official measure, with the hierarchical measures beside it. Unknown labels are dropped with a
warning, as the official scorer did. Data licence: CC BY-NC 4.0.`;

/** The sections a file has (`subtask_a` / `subtask_b` header lines); some teams took part in one subtask only. */
export function sectionsOf(content: Uint8Array): Set<"a" | "b"> {
  const found = new Set<"a" | "b">();
  for (const line of new TextDecoder().decode(content).split("\n")) {
    const header = /^subtask_([ab])$/.exec(line.trim());
    if (header) found.add(header[1] as "a" | "b");
  }
  return found;
}

function emailFor(team: string): string {
  const local = team.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "team";
  return `${local}@germeval.hierboard.local`;
}

export async function importGermeval(
  ctx: PlatformContext,
  input: { folder: GermevalFolder; organiserId: string; slug: string; title: string; log: (line: string) => void },
): Promise<ImportResult> {
  const { folder, organiserId: userId, slug, log } = input;
  const teams = [...new Set(folder.submissions.map((s) => s.team))];

  let task = await ctx.db.task.findUnique({ where: { slug }, select: { id: true } });
  if (!task) {
    task = await createTask({ userId, slug, title: input.title, description: description(teams.length, folder.submissions.length) }, ctx);
    log(`created the task "${slug}"`);
  }
  let taxonomy = await ctx.db.taxonomyVersion.findFirst({ where: { taskId: task.id }, orderBy: { version: "desc" }, select: { id: true } });
  if (!taxonomy) taxonomy = await uploadTaxonomy({ userId, slug, fileName: GERMEVAL_FILES.taxonomy, content: folder.taxonomy }, ctx);
  for (const subtask of SUBTASKS) {
    if (await ctx.db.subtask.findUnique({ where: { taskId_key: { taskId: task.id, key: subtask.key } } })) continue;
    await createSubtask(
      { userId, slug, ...subtask, taxonomyVersionId: taxonomy.id, primaryMeasure: "flat.micro.f1", measuresShown: DEFAULT_SHOWN_MEASURES, unknownLabels: "drop" },
      ctx,
    );
  }
  let phase = await ctx.db.phase.findUnique({ where: { taskId_key: { taskId: task.id, key: PHASE } } });
  if (!phase) {
    const now = ctx.now().getTime();
    await createPhase({ userId, slug, key: PHASE, name: "Test", startsAt: new Date(now - MINUTE_MS), endsAt: new Date(now + 60 * MINUTE_MS), visibility: "PUBLIC" }, ctx);
    phase = await ctx.db.phase.findUniqueOrThrow({ where: { taskId_key: { taskId: task.id, key: PHASE } } });
  }
  if (!(await ctx.db.goldVersion.findFirst({ where: { phaseId: phase.id }, select: { id: true } }))) {
    await uploadGold({ userId, slug, phaseKey: PHASE, fileName: GERMEVAL_FILES.gold, content: folder.gold }, ctx);
    await setTaskStatus({ userId, slug, status: "PUBLISHED" }, ctx);
  }

  // The runs are historical: the phase is open only while they are submitted, then closed, so the
  // board is final and every report is public.
  const window = { key: phase.key, name: phase.name, startsAt: phase.startsAt, visibility: phase.visibility, dailyLimit: null, totalLimit: null, rule: phase.rule };
  const setEnd = (endsAt: Date) => updatePhase({ userId, slug, phaseKey: PHASE, ...window, endsAt }, ctx);
  const subtaskIds = new Map(
    (await ctx.db.subtask.findMany({ where: { taskId: task.id }, select: { id: true, key: true } })).map((s) => [s.key, s.id] as const),
  );

  let submitted = 0;
  let skipped = 0;
  let opened = false;
  for (const file of folder.submissions) {
    const email = emailFor(file.team);
    // Team accounts get a random password nobody knows: they exist to own the team's runs.
    const user =
      (await ctx.db.user.findUnique({ where: { email }, select: { id: true } })) ??
      (await createUser({ name: `${file.team} (GermEval 2019)`, email, password: randomBytes(18).toString("base64url") }, ctx));
    const teamId =
      (await ctx.db.team.findFirst({ where: { taskId: task.id, name: file.team }, select: { id: true } }))?.id ??
      (await createTeam({ userId: user.id, slug, name: file.team }, ctx)).id;
    const contentHash = sha256Hex(file.content);
    const sections = sectionsOf(file.content);
    for (const subtask of SUBTASKS.filter((s) => sections.has(s.section))) {
      const subtaskId = subtaskIds.get(subtask.key)!;
      if (await ctx.db.submission.findFirst({ where: { teamId, phaseId: phase.id, subtaskId, contentHash }, select: { id: true } })) {
        skipped += 1;
        continue;
      }
      if (!opened && ctx.now() >= phase.endsAt) await setEnd(new Date(ctx.now().getTime() + 60 * MINUTE_MS));
      opened = true;
      const created = await createSubmission({ userId: user.id, slug, subtaskKey: subtask.key, phaseKey: PHASE, fileName: file.fileName, content: file.content }, ctx);
      submitted += 1;
      log(`${file.fileName} → subtask ${subtask.key}: queued (${created.documents} documents${created.warnings.length ? `; ${created.warnings.length} warning(s)` : ""})`);
    }
  }
  if (opened || ctx.now() < phase.endsAt) await setEnd(ctx.now());
  return { slug, teams: teams.length, submitted, skipped };
}
