import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { countingBadge, getLeaderboard, getTaskOverview, noSelectionRule } from "@hierboard/platform";
import { getViewer } from "@/auth/viewer";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { parseBoardPage } from "@/components/leaderboard/board-pages";
import { leaderboardViewOf, parseSort } from "@/components/leaderboard/to-view";
import { BoardNav } from "@/components/leaderboard/board-nav";
import { SplitSwitch } from "@/components/leaderboard/split-switch";
import { ProgressCard } from "@/components/leaderboard/progress-card";
import { ButtonLink } from "@/components/ui/button";
import { Card, EmptyState, PageHeader } from "@/components/ui/card";
import { Markdown } from "@/components/tasks/markdown";
import { PhaseWindow } from "@/components/tasks/phase-window";
import { BoardPicker } from "@/components/tasks/board-picker";
import { Badge } from "@/components/ui/badge";
import { TaskStatusNotice } from "@/components/tasks/task-status-notice";
import { measureLabel } from "@/lib/measure-label";
import { defaultPhase, phaseState } from "@/lib/phase-state";

export const dynamic = "force-dynamic";

type Params = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<{
    phase?: string;
    subtask?: string;
    sort?: string;
    order?: string;
    page?: string;
    preview?: string;
    split?: string;
  }>;
};

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { slug } = await params;
  return { title: slug };
}

export default async function TaskPage({ params, searchParams }: Params) {
  const [{ slug }, query, viewer] = await Promise.all([params, searchParams, getViewer()]);
  const previewToken = query.preview ?? null;
  const overview = await getTaskOverview({ slug, viewerId: viewer?.id ?? null, previewToken });
  if (!overview) notFound();
  const { task, subtasks, phases } = overview;

  const phase = phases.find((p) => p.key === query.phase) ?? defaultPhase(phases);
  const subtask = subtasks.find((s) => s.key === query.subtask) ?? subtasks[0];
  // A split phase's board ranks on the part it shows (public, then private); `split=public` asks for the public one after the end.
  const split = phase?.publicFraction != null && query.split === "public" ? "public" : undefined;
  const board =
    phase && subtask
      ? await getLeaderboard({ slug, phaseKey: phase.key, subtaskKey: subtask.key, viewerId: viewer?.id ?? null, previewToken, split })
      : null;
  const phasePath =
    phase && subtask ? `/tasks/${task.slug}?phase=${encodeURIComponent(phase.key)}&subtask=${encodeURIComponent(subtask.key)}` : "";
  const boardPath = `${phasePath}${split ? "&split=public" : ""}`;
  const sort = board ? parseSort(board, query.sort, query.order) : null;
  // Page links keep the board's order; ranks and tie groups are numbered over the whole board.
  const sortQuery = sort && query.sort ? `&sort=${encodeURIComponent(sort.key)}&order=${sort.order}` : "";

  return (
    <>
      <PageHeader
        eyebrow={<span className="font-mono">{task.slug}</span>}
        title={task.title}
        actions={
          <>
            {overview.viewer.isOrganiser && (
              <ButtonLink href={`/organise/${task.slug}`} variant="secondary">
                Organiser console
              </ButtonLink>
            )}
            {(task.status === "PUBLISHED" || overview.viewer.teamName) && (
              <ButtonLink href={`/tasks/${task.slug}/team`}>
                {overview.viewer.teamName ? `Team ${overview.viewer.teamName}` : "Take part"}
              </ButtonLink>
            )}
          </>
        }
      />

      <TaskStatusNotice status={task.status} />
      <div className="space-y-6">
        <Card
          title="Leaderboard"
          description={subtask && phase ? `${subtask.name} · ${phase.name}` : undefined}
          actions={
            phase && subtask ? (
              <BoardPicker
                slug={task.slug}
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
              <BoardNav slug={task.slug} phaseKey={phase.key} subtaskKey={subtask.key} current="board" />
              {board.split && board.splitInfo && (
                <SplitSwitch
                  part={board.split}
                  publicFraction={board.splitInfo.publicFraction}
                  privateShown={board.splitInfo.privateShown}
                  href={(part) => (part === "public" ? `${phasePath}&split=public` : phasePath)}
                />
              )}
              <LeaderboardTable
                board={leaderboardViewOf(board, sort ?? parseSort(board, undefined, undefined))}
                sortHref={(key, order) => `${boardPath}&sort=${encodeURIComponent(key)}&order=${order}`}
                page={{
                  current: parseBoardPage(query.page),
                  href: (page) => `${boardPath}${sortQuery}&page=${page}`,
                }}
                // Reports become public when the phase ends; before that only the team sees its own.
                submissionBase={phaseState(phase.startsAt, phase.endsAt) === "closed" ? `/tasks/${task.slug}/submissions/` : undefined}
                teamBase={`/tasks/${task.slug}/teams/`}
                caption={`Leaderboard for ${task.title}, ${subtask.name}, ${phase.name}`}
                ownTeam={overview.viewer.teamName}
              />
            </>
          ) : (
            <EmptyState title="No leaderboard yet">The organisers have not defined a subtask and a phase.</EmptyState>
          )}
        </Card>
        {board && phase && subtask && (
          <ProgressCard
            slug={task.slug}
            phaseKey={phase.key}
            subtaskKey={subtask.key}
            viewerId={viewer?.id ?? null}
            previewToken={previewToken}
          />
        )}
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="min-w-0 space-y-6 lg:col-span-2">
            {task.description.trim() && (
              <Card title="About this task">
                <Markdown source={task.description} />
              </Card>
            )}
          </div>

          <aside className="space-y-6">
            <Card title="Phases">
              {phases.length === 0 ? (
                <p className="text-sm text-slate-600">No phases yet.</p>
              ) : (
                <ul className="space-y-4">
                  {phases.map((p) => (
                    <li key={p.key}>
                      <PhaseWindow name={p.name} startsAt={p.startsAt} endsAt={p.endsAt} />
                      <p className="mt-1 flex flex-wrap gap-1.5 text-xs text-slate-600">
                        <Badge>{p.visibility === "PRIVATE" ? "Private board" : "Public board"}</Badge>
                        <Badge>{countingBadge(p)}</Badge>
                        {p.publicFraction != null && <Badge>{Math.round(p.publicFraction * 100)} % public, rest private</Badge>}
                        {p.dailyLimit != null && <Badge>{p.dailyLimit}/day</Badge>}
                        {p.totalLimit != null && <Badge>{p.totalLimit} total</Badge>}
                      </p>
                      {noSelectionRule(p) && <p className="mt-1 text-xs text-slate-600">{noSelectionRule(p)}</p>}
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            <Card title="Subtasks">
              {subtasks.length === 0 ? (
                <p className="text-sm text-slate-600">No subtasks yet.</p>
              ) : (
                <ul className="space-y-3 text-sm">
                  {subtasks.map((s) => (
                    <li key={s.key}>
                      <p className="font-medium text-slate-900">
                        {s.name} <span className="font-mono text-xs text-slate-500">({s.key})</span>
                      </p>
                      <p className="text-slate-600">
                        {s.maxDepth ? `Top ${s.maxDepth} level${s.maxDepth === 1 ? "" : "s"}` : "Full taxonomy"} · ranked by{" "}
                        <span className="font-medium text-slate-800">{measureLabel(s.primaryMeasure)}</span>
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            <p className="text-xs text-slate-500">
              Submitting from a script? See the{" "}
              <Link href="/profile" className="text-brand-700 hover:underline">
                API tokens
              </Link>{" "}
              on your profile.
            </p>
          </aside>
        </div>
      </div>
    </>
  );
}
