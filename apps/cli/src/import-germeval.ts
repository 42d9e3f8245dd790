// Imports a GermEval 2019 Task 1 folder: the task is created from its bundle (germeval-bundle.ts,
// all or nothing), then each team's runs are submitted, idempotently: a second run (or one after an
// interruption) adds only the runs that are missing.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import {
  claimTaskForImport,
  createSubmission,
  createTeam,
  createUser,
  importTaskBundle,
  setTaskStatus,
  sha256Hex,
  updatePhase,
  type PlatformContext,
} from "@hierboard/platform";
import { GERMEVAL_PHASE as PHASE, GERMEVAL_SUBTASKS as SUBTASKS, germevalBundle } from "./germeval-bundle.ts";

export const GERMEVAL_FILES = { taxonomy: "hierarchy.txt", gold: "blurbs_test_label.txt", submissions: "submissions" } as const;
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
      throw new Error(`expected ${path.join(dir, name)}, got ${(error as NodeJS.ErrnoException).code ?? "an unreadable file"}`, {
        cause: error,
      });
    }
  };
  const [taxonomy, gold] = await Promise.all([read(GERMEVAL_FILES.taxonomy), read(GERMEVAL_FILES.gold)]);
  const names = (await readdir(path.join(dir, GERMEVAL_FILES.submissions)).catch(() => [])).filter((n) => n.endsWith(".txt")).sort();
  if (names.length === 0)
    throw new Error(`expected submission files ${path.join(dir, GERMEVAL_FILES.submissions, "<Team>__<System>.txt")}, found none`);
  const submissions = [];
  for (const fileName of names) {
    const stem = fileName.slice(0, -".txt".length);
    const cut = stem.indexOf("__");
    if (cut <= 0) throw new Error(`expected ${fileName} to be named <Team>__<System>.txt`);
    submissions.push({
      team: stem.slice(0, cut),
      system: stem.slice(cut + 2),
      fileName,
      content: await read(path.join(GERMEVAL_FILES.submissions, fileName)),
    });
  }
  return { taxonomy, gold, submissions };
}

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
  const local =
    team
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "team";
  return `${local}@germeval.hierboard.local`;
}

export async function importGermeval(
  ctx: PlatformContext,
  input: { folder: GermevalFolder; organiserId: string; slug: string; title: string; forceOwner?: boolean; log: (line: string) => void },
): Promise<ImportResult> {
  const { folder, organiserId: userId, slug, log } = input;
  const teams = [...new Set(folder.submissions.map((s) => s.team))];

  let task = await ctx.db.task.findUnique({ where: { slug }, select: { id: true } });
  if (task) {
    // An existing slug is reused only by its owner; an admin may take it over with --force-owner.
    await claimTaskForImport({ userId, slug, title: input.title, forceOwner: input.forceOwner ?? false }, ctx);
  } else {
    task = await importTaskBundle({ userId, bundle: germevalBundle(folder, { slug, title: input.title, now: ctx.now() }) }, ctx);
    log(`created the task "${slug}" from its bundle`);
    // Bundles import as drafts; the historical task is published at once.
    await setTaskStatus({ userId, slug, status: "PUBLISHED" }, ctx);
  }
  const phase = await ctx.db.phase.findUniqueOrThrow({ where: { taskId_key: { taskId: task.id, key: PHASE } } });

  // The runs are historical: the phase is open only while they are submitted, then closed, so the
  // board is final and every report is public.
  const window = {
    key: phase.key,
    name: phase.name,
    startsAt: phase.startsAt,
    visibility: phase.visibility,
    dailyLimit: null,
    totalLimit: null,
    rule: phase.rule,
  };
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
      const created = await createSubmission(
        { userId: user.id, slug, subtaskKey: subtask.key, phaseKey: PHASE, fileName: file.fileName, content: file.content },
        ctx,
      );
      submitted += 1;
      log(
        `${file.fileName} → subtask ${subtask.key}: queued (${created.documents} documents${created.warnings.length ? `; ${created.warnings.length} warning(s)` : ""})`,
      );
    }
  }
  if (opened || ctx.now() < phase.endsAt) await setEnd(ctx.now());
  return { slug, teams: teams.length, submitted, skipped };
}
