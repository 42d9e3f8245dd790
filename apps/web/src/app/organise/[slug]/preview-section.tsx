import { AppError, getLeaderboard, type TaskConsole } from "@hierboard/platform";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { toLeaderboardView } from "@/components/leaderboard/to-view";
import { BoardPicker } from "@/components/tasks/board-picker";
import { Card, EmptyState } from "@/components/ui/card";
import { defaultPhase } from "@/lib/phase-state";

/** The board as it will look, including private phases (organisers see everything of their task). */
export async function PreviewSection({
  slug,
  viewerId,
  phases,
  subtasks,
  phaseKey,
  subtaskKey,
}: {
  slug: string;
  viewerId: string;
  phases: TaskConsole["phases"];
  subtasks: TaskConsole["subtasks"];
  phaseKey: string | undefined;
  subtaskKey: string | undefined;
}) {
  const phase = phases.find((p) => p.key === phaseKey) ?? defaultPhase(phases);
  const subtask = subtasks.find((s) => s.key === subtaskKey) ?? subtasks[0];
  // A board that cannot be built yet (e.g. no gold) must not take the whole console down.
  const board =
    phase && subtask
      ? await getLeaderboard({ slug, phaseKey: phase.key, subtaskKey: subtask.key, viewerId }).catch((error: unknown) => {
          if (error instanceof AppError) return error;
          throw error;
        })
      : null;
  return (
    <Card
      id="preview"
      title="Leaderboard preview"
      description="What the public board shows, including private phases before they end."
      actions={
        phase && subtask ? (
          <BoardPicker
            slug={slug}
            basePath={`/organise/${slug}`}
            phases={phases.map((p) => ({ key: p.key, name: p.name }))}
            subtasks={subtasks.map((s) => ({ key: s.key, name: s.name }))}
            phaseKey={phase.key}
            subtaskKey={subtask.key}
          />
        ) : undefined
      }
    >
      {board instanceof AppError ? (
        <EmptyState title="The board cannot be shown yet">{board.message}</EmptyState>
      ) : board ? (
        <LeaderboardTable
          board={{ ...toLeaderboardView(board), hiddenUntil: null }}
          caption={`Preview of the ${subtask?.name} board in ${phase?.name}`}
          submissionBase={`/tasks/${slug}/submissions/`}
          teamBase={`/tasks/${slug}/teams/`}
        />
      ) : (
        <EmptyState title="Nothing to preview">Define a subtask and a phase first.</EmptyState>
      )}
    </Card>
  );
}
