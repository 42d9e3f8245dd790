import type { Phase } from "@hierboard/db";
import { z } from "zod";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";

export interface PhaseControls {
  state: "upcoming" | "running" | "ended";
  resultsPublished: boolean;
  scoredSubmissions: number;
  teams: number;
  /** What "end now" makes happen and public, for its confirmation; null when it does not apply. */
  endNow: string | null;
  /** What "publish results" makes public, for its confirmation; null when it does not apply. */
  publishResults: string | null;
}

export const describePhaseControlsInput = z.object({ userId: z.string().min(1), slug: z.string().min(1), phaseKey: z.string().min(1) });

/** The organiser's phase controls, each with a sentence saying what becomes public. */
export async function describePhaseControls(
  input: z.input<typeof describePhaseControlsInput>,
  ctx: PlatformContext = platformContext(),
): Promise<PhaseControls> {
  const data = describePhaseControlsInput.parse(input);
  const { task } = await requireTaskOrganiser(ctx.db, data.userId, data.slug);
  const phase = await ctx.db.phase.findUnique({ where: { taskId_key: { taskId: task.id, key: data.phaseKey } } });
  if (!phase) throw new AppError("NOT_FOUND", `No phase "${data.phaseKey}".`);
  const valid = { phaseId: phase.id, status: "SCORED" as const, invalidatedAt: null };
  const [scoredSubmissions, teamRows] = await Promise.all([
    ctx.db.submission.count({ where: valid }),
    ctx.db.submission.findMany({ where: { ...valid, teamId: { not: null } }, distinct: ["teamId"], select: { teamId: true } }),
  ]);
  return phaseControlsText(phase, ctx.now(), scoredSubmissions, teamRows.length);
}

/** The confirmations' wording from the phase's settings and counts (pure, for tests and the UI). */
export function phaseControlsText(
  phase: Pick<Phase, "name" | "startsAt" | "endsAt" | "visibility" | "blind" | "resultsPublishedAt">,
  now: Date,
  scoredSubmissions: number,
  teams: number,
): PhaseControls {
  const state = now < phase.startsAt ? "upcoming" : now < phase.endsAt ? "running" : "ended";
  const runs = `${scoredSubmissions} scored submission${scoredSubmissions === 1 ? "" : "s"} of ${teams} team${teams === 1 ? "" : "s"}`;
  const stops = `Submissions to "${phase.name}" stop at once.`;
  const endNow =
    state !== "running"
      ? null
      : phase.blind
        ? `${stops} Scores stay hidden (blind phase) until you publish the results.`
        : phase.visibility === "PRIVATE"
          ? `${stops} The private board becomes public: ${runs}, with their scores.`
          : `${stops} The board is already public and stays so.`;
  const publishResults =
    state !== "ended" || phase.resultsPublishedAt
      ? null
      : phase.blind
        ? `The board and every score of "${phase.name}" become public: ${runs}. Teams see their own scores. This cannot be undone.`
        : `The results of "${phase.name}" are marked as final: ${runs}. The board is already public.`;
  return { state, resultsPublished: phase.resultsPublishedAt !== null, scoredSubmissions, teams, endNow, publishResults };
}
