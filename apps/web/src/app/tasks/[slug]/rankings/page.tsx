import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLeaderboard, getTaskOverview } from "@hierboard/platform";
import { getViewer } from "@/auth/viewer";
import { BoardNav } from "@/components/leaderboard/board-nav";
import { SideBySideRankings } from "@/components/leaderboard/side-by-side-table";
import { toSideBySideView } from "@/components/leaderboard/side-by-side-view";
import { BoardPicker } from "@/components/tasks/board-picker";
import { ButtonLink } from "@/components/ui/button";
import { Card, EmptyState, PageHeader } from "@/components/ui/card";
import { measureLabel } from "@/lib/measure-label";
import { defaultPhase } from "@/lib/phase-state";
import { formatUtc } from "@/lib/utc";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ slug: string }>; searchParams: Promise<{ phase?: string; subtask?: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { slug } = await params;
  return { title: `${slug} · rankings side by side` };
}

/** Each team's rank under HC, flat, set-based, LCA and CoPHE measures next to its primary rank. */
export default async function RankingsPage({ params, searchParams }: Params) {
  const [{ slug }, query, viewer] = await Promise.all([params, searchParams, getViewer()]);
  const overview = await getTaskOverview({ slug, viewerId: viewer?.id ?? null });
  if (!overview) notFound();
  const { task, subtasks, phases } = overview;
  const phase = phases.find((p) => p.key === query.phase) ?? defaultPhase(phases);
  const subtask = subtasks.find((s) => s.key === query.subtask) ?? subtasks[0];
  const board =
    phase && subtask ? await getLeaderboard({ slug, phaseKey: phase.key, subtaskKey: subtask.key, viewerId: viewer?.id ?? null }) : null;

  return (
    <>
      <PageHeader
        eyebrow={<span className="font-mono">{task.slug}</span>}
        title={task.title}
        description="Does the winner depend on the measure? Each team's rank under hierarchical (HC), flat, set-based (hF), LCA and CoPHE measures, side by side."
        actions={
          <ButtonLink href={`/tasks/${task.slug}/team`}>
            {overview.viewer.teamName ? `Team ${overview.viewer.teamName}` : "Take part"}
          </ButtonLink>
        }
      />
      <Card
        title="Rankings side by side"
        description={
          subtask && phase ? `${subtask.name} · ${phase.name} · primary measure ${measureLabel(subtask.primaryMeasure)}` : undefined
        }
        actions={
          phase && subtask ? (
            <BoardPicker
              slug={task.slug}
              basePath={`/tasks/${task.slug}/rankings`}
              phases={phases.map((p) => ({ key: p.key, name: p.name }))}
              subtasks={subtasks.map((s) => ({ key: s.key, name: s.name }))}
              phaseKey={phase.key}
              subtaskKey={subtask.key}
            />
          ) : undefined
        }
      >
        {board && phase && subtask ? (
          <>
            <BoardNav slug={task.slug} phaseKey={phase.key} subtaskKey={subtask.key} current="rankings" />
            {board.hidden && board.hiddenBy === "BLIND" ? (
              <EmptyState title="The results of this blind phase are not published yet">
                Nobody sees the rankings until the organisers publish the results.
              </EmptyState>
            ) : board.hidden ? (
              <EmptyState title="This board is private until the phase ends">
                It will be published at {formatUtc(board.phase.endsAt.toISOString())}.
              </EmptyState>
            ) : (
              <SideBySideRankings
                view={toSideBySideView(board.sideBySide, { key: board.primaryMeasure, label: measureLabel(board.primaryMeasure) })}
                caption={`Ranks of each team under each measure, ${task.title}, ${subtask.name}, ${phase.name}`}
                teamHrefs={
                  new Map(
                    board.rows.flatMap((row) =>
                      row.teamId ? [[row.submissionId, `/tasks/${task.slug}/teams/${row.teamId}`] as const] : [],
                    ),
                  )
                }
              />
            )}
          </>
        ) : (
          <EmptyState title="No leaderboard yet">The organisers have not defined a subtask and a phase.</EmptyState>
        )}
      </Card>
    </>
  );
}
