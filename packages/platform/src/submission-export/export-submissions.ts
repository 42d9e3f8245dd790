import { partVisible } from "../gold-split/visible-part.ts";
import { Zip, ZipDeflate } from "fflate";
import { z } from "zod";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { runSystem, SYSTEM_FIELDS } from "../system-descriptions/run-system.ts";
import { csvLine, type ExportedScore, SCORE_COLUMNS, zipSegment } from "./submission-export-rows.ts";

export const exportSubmissionsInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  /** One phase's submissions; every phase's when absent. */
  phaseKey: z.string().trim().min(1).optional(),
});

export interface SubmissionExport {
  fileName: string;
  submissions: number;
  /** The zip, produced batch by batch as it is read: never held whole in memory. */
  stream: ReadableStream<Uint8Array>;
}

const FILE_BATCH = 20;
const SCORE_BATCH = 2000;

const RUN_COLUMNS = [
  "submission_id",
  "phase",
  "subtask",
  "team",
  "members",
  "baseline",
  "file",
  "file_name",
  "sha256",
  "size_bytes",
  "status",
  "error",
  "submitted_at",
  "finished_at",
  "selected_final_run",
  "invalidated",
  // The run's own system description, each field falling back to its team's.
  "system_name",
  "system_description",
  "paper_url",
] as const;
type ExportedRun = Record<(typeof RUN_COLUMNS)[number], string | number | boolean | null>;

const encoder = new TextEncoder();

/**
 * Every submission of a task (or of one of its phases) as one zip for the overview paper: each file
 * as uploaded under `submissions/<phase>/<subtask>/<team>/`, `scores.csv` and `scores.json` (every
 * score per gold version, with the engine version and the taxonomy and gold sha256 it was computed
 * with), `runs.csv` and `runs.json` (team, members' display names, file hash, status, final-run
 * choice, the system's name, description and paper link) and `hashes.json` (every taxonomy and gold version of the exported phases). Organisers
 * (and admins) only; the export is audited before the first byte. Files and scores are read from
 * the database in batches as the stream is consumed.
 */
export async function exportSubmissions(
  input: z.input<typeof exportSubmissionsInput>,
  ctx: PlatformContext = platformContext(),
): Promise<SubmissionExport> {
  const data = exportSubmissionsInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, data.userId, data.slug);
  const phases = await ctx.db.phase.findMany({
    where: { taskId: task.id, ...(data.phaseKey ? { key: data.phaseKey } : {}) },
    orderBy: [{ startsAt: "asc" }, { key: "asc" }],
    select: {
      id: true,
      key: true,
      golds: { orderBy: { version: "asc" }, select: { version: true, fileName: true, contentHash: true, createdAt: true } },
    },
  });
  if (data.phaseKey && phases.length === 0) throw new AppError("NOT_FOUND", `No phase "${data.phaseKey}" in "${task.slug}".`);
  const phaseIds = phases.map((phase) => phase.id);
  const where = { phaseId: { in: phaseIds } };
  const submissions = await ctx.db.submission.count({ where });
  await writeAudit(ctx.db, {
    actorId: user.id,
    action: "task.submissions.exported",
    targetType: "Task",
    targetId: task.id,
    details: { phase: data.phaseKey ?? null, submissions },
  });
  const taxonomies = await ctx.db.taxonomyVersion.findMany({
    where: { taskId: task.id },
    orderBy: { version: "asc" },
    select: { version: true, fileName: true, contentHash: true },
  });
  const hashes = {
    task: task.slug,
    exportedAt: ctx.now().toISOString(),
    phase: data.phaseKey ?? null,
    taxonomies: taxonomies.map((t) => ({ version: t.version, fileName: t.fileName, sha256: t.contentHash })),
    golds: phases.flatMap((phase) =>
      phase.golds.map((gold) => ({ phase: phase.key, version: gold.version, fileName: gold.fileName, sha256: gold.contentHash })),
    ),
  };

  const runs: ExportedRun[] = [];
  async function* entries(zip: Zip): AsyncGenerator<void> {
    let cursor: string | undefined;
    for (;;) {
      const batch = await ctx.db.submission.findMany({
        where,
        orderBy: { id: "asc" },
        take: FILE_BATCH,
        ...(cursor ? { skip: 1, cursor: { id: cursor } } : {}),
        include: {
          phase: { select: { key: true } },
          subtask: { select: { key: true } },
          team: {
            select: {
              name: true,
              ...SYSTEM_FIELDS,
              memberships: { orderBy: { joinedAt: "asc" }, select: { user: { select: { name: true } } } },
            },
          },
        },
      });
      if (batch.length === 0) break;
      cursor = batch.at(-1)?.id;
      for (const s of batch) {
        const team = s.team?.name ?? s.label ?? "baseline";
        const system = runSystem(s, s.team);
        const file = `submissions/${zipSegment(s.phase.key)}/${zipSegment(s.subtask.key)}/${zipSegment(team)}/${s.id}-${zipSegment(s.fileName)}`;
        const entry = new ZipDeflate(file, { level: 6 });
        zip.add(entry);
        entry.push(new Uint8Array(s.content), true);
        runs.push({
          submission_id: s.id,
          phase: s.phase.key,
          subtask: s.subtask.key,
          team,
          members: s.team ? s.team.memberships.map((m) => m.user.name).join("; ") : "",
          baseline: s.isBaseline,
          file,
          file_name: s.fileName,
          sha256: s.contentHash,
          size_bytes: s.sizeBytes,
          status: s.status,
          error: s.errorMessage,
          submitted_at: s.createdAt.toISOString(),
          finished_at: s.finishedAt?.toISOString() ?? null,
          selected_final_run: s.selectedAt !== null,
          invalidated: s.invalidatedAt !== null,
          system_name: system.systemName,
          system_description: system.systemDescription,
          paper_url: system.paperUrl,
        });
      }
      yield;
    }
    yield* scoreEntry(zip, "scores.csv", (score) => csvLine(SCORE_COLUMNS, score), `${SCORE_COLUMNS.join(",")}\n`, "");
    yield* scoreEntry(zip, "scores.json", (score, first) => `${first ? "" : ",\n"}${JSON.stringify(score)}`, "[\n", "\n]\n");
    addText(zip, "runs.csv", `${RUN_COLUMNS.join(",")}\n${runs.map((run) => csvLine(RUN_COLUMNS, run)).join("")}`);
    addText(zip, "runs.json", `${JSON.stringify(runs, null, 2)}\n`);
    addText(zip, "hashes.json", `${JSON.stringify(hashes, null, 2)}\n`);
    zip.end();
  }

  /** Streams every score of the exported submissions into one entry, in batches. */
  async function* scoreEntry(
    zip: Zip,
    name: string,
    line: (score: ExportedScore, first: boolean) => string,
    head: string,
    tail: string,
  ): AsyncGenerator<void> {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(encoder.encode(head));
    let cursor: string | undefined;
    let first = true;
    for (;;) {
      const batch = await ctx.db.score.findMany({
        where: { submission: where },
        orderBy: { id: "asc" },
        take: SCORE_BATCH,
        ...(cursor ? { skip: 1, cursor: { id: cursor } } : {}),
        include: {
          scoreSet: { select: { engineVersion: true, taxonomyHash: true, goldHash: true } },
          submission: {
            select: {
              isBaseline: true,
              label: true,
              phase: { select: { key: true, publicFraction: true, endsAt: true, blind: true, resultsPublishedAt: true } },
              subtask: { select: { key: true } },
              team: { select: { name: true } },
            },
          },
        },
      });
      if (batch.length === 0) break;
      cursor = batch.at(-1)?.id;
      const text = batch
        // A split phase's private part (and the whole, which reveals it) only once it is shown.
        .filter((score) => partVisible(score.submission.phase, score.part, ctx.now()))
        .map((score) => {
          const row: ExportedScore = {
            submission_id: score.submissionId,
            phase: score.submission.phase.key,
            subtask: score.submission.subtask.key,
            team: score.submission.team?.name ?? score.submission.label ?? "baseline",
            baseline: score.submission.isBaseline,
            gold_version: score.goldVersion,
            part: score.part,
            measure: score.measure,
            value: score.value,
            ci_low: score.ciLow,
            ci_high: score.ciHigh,
            engine_version: score.scoreSet.engineVersion,
            taxonomy_sha256: score.scoreSet.taxonomyHash,
            gold_sha256: score.scoreSet.goldHash,
          };
          const out = line(row, first);
          first = false;
          return out;
        })
        .join("");
      entry.push(encoder.encode(text));
      yield;
    }
    entry.push(encoder.encode(tail), true);
  }

  let steps: AsyncGenerator<void> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
      steps = entries(zip);
    },
    async pull() {
      await steps?.next();
    },
    async cancel() {
      await steps?.return(undefined);
    },
  });
  const name = data.phaseKey ? `${task.slug}-${data.phaseKey}` : task.slug;
  return { fileName: `${name}-submissions.zip`, submissions, stream };
}

function addText(zip: Zip, name: string, text: string): void {
  const entry = new ZipDeflate(name, { level: 6 });
  zip.add(entry);
  entry.push(encoder.encode(text), true);
}
