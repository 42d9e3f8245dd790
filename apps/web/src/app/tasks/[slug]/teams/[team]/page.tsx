import type { Metadata } from "next";
import Link from "next/link";
import { getTeamPage, type TeamPage, type TeamPageBoard } from "@hierboard/platform";
import { getViewer } from "@/auth/viewer";
import { DescriptionForm } from "@/components/teams/description-form";
import { SystemDescriptionText } from "@/components/teams/system-description";
import { TaskStatusNotice } from "@/components/tasks/task-status-notice";
import { Card, PageHeader } from "@/components/ui/card";
import { UtcTime } from "@/components/ui/utc-time";
import { formatScore } from "@/lib/format-score";
import { measureLabel } from "@/lib/measure-label";
import { orPageError } from "@/server/page-errors";
import { saveRunDescriptionAction, saveTeamDescriptionAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Team" };

type Params = { params: Promise<{ slug: string; team: string }>; searchParams: Promise<{ preview?: string }> };

/** A team's public page: who they are, what their system is, and the runs that count for them on each board. */
export default async function TeamPublicPage({ params, searchParams }: Params) {
  const [{ slug, team: teamId }, { preview }, viewer] = await Promise.all([params, searchParams, getViewer()]);
  const page = await orPageError(getTeamPage({ slug, teamId, viewerId: viewer?.id ?? null, previewToken: preview ?? null }));
  const { task, team, members, descriptions } = page;
  const canEdit = page.viewer.isMember;

  return (
    <>
      <PageHeader
        eyebrow={
          <Link href={`/tasks/${task.slug}`} className="hover:underline">
            {task.title}
          </Link>
        }
        title={team.name}
        description={
          <>
            <span className="text-slate-500">{members.length === 1 ? "Member" : "Members"}: </span>
            {members.join(" · ")}
          </>
        }
      />
      <TaskStatusNotice status={task.status} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Card title="System">
            <SystemDescriptionText description={team} empty="The team has not described its system yet." />
          </Card>
          <Card title="Counted runs" description="The runs that count for the team on each board, as the board shows them.">
            <div className="space-y-6">
              {page.phases.length === 0 && <p className="text-sm text-slate-600">No phases yet.</p>}
              {page.phases.map((phase) => (
                <section key={phase.key} aria-labelledby={`phase-${phase.key}`} className="space-y-3">
                  <h3 id={`phase-${phase.key}`} className="text-sm font-semibold text-slate-900">
                    {phase.name}
                  </h3>
                  {phase.boards.map((board) => (
                    <BoardRuns key={board.subtask.key} slug={task.slug} phaseKey={phase.key} board={board} />
                  ))}
                  {canEdit && phase.boards.some((b) => b.runs.length > 0) && <RunForms slug={task.slug} phase={phase} />}
                </section>
              ))}
            </div>
          </Card>
        </div>
        <aside className="space-y-6">
          {canEdit && (
            <Card title="Describe your system" description={<DeadlineNote {...descriptions} />}>
              {descriptions.open ? (
                <DescriptionForm
                  action={saveTeamDescriptionAction.bind(null, task.slug)}
                  initial={team}
                  idPrefix="team"
                  submitLabel="Save description"
                  testId="team-description-form"
                />
              ) : (
                <p className="text-sm text-slate-600" data-testid="descriptions-closed">
                  The organisers&rsquo; deadline for descriptions has passed (<UtcTime value={descriptions.closesAt} />
                  ): the description above is final.
                </p>
              )}
            </Card>
          )}
          <p className="text-xs text-slate-500">
            Back to the{" "}
            <Link href={`/tasks/${task.slug}`} className="text-brand-700 hover:underline">
              leaderboard
            </Link>
            .
          </p>
        </aside>
      </div>
    </>
  );
}

function DeadlineNote({ open, closesAt }: { open: boolean; closesAt: Date | null }) {
  if (!closesAt) return <>Shown on this page and in the overview paper&rsquo;s tables. No deadline set.</>;
  return open ? (
    <>
      Open until <UtcTime value={closesAt} />.
    </>
  ) : (
    <>
      Closed since <UtcTime value={closesAt} />.
    </>
  );
}

function BoardRuns({ slug, phaseKey, board }: { slug: string; phaseKey: string; board: TeamPageBoard }) {
  const boardHref = `/tasks/${slug}?phase=${encodeURIComponent(phaseKey)}&subtask=${encodeURIComponent(board.subtask.key)}`;
  return (
    <div className="rounded-lg border border-slate-200">
      <p className="border-b border-slate-100 px-4 py-2 text-sm">
        <Link href={boardHref} className="font-medium text-slate-800 hover:text-brand-700 hover:underline">
          {board.subtask.name}
        </Link>
      </p>
      {board.runs.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-600">
          {board.hiddenBy === "BLIND"
            ? "Blind phase: no scores until the organisers publish the results."
            : board.hiddenBy === "PRIVATE"
              ? "Private board: scores are shown when the phase ends."
              : "No counted run on this board."}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {board.runs.map((run) => (
            <li key={run.submissionId} className="space-y-2 px-4 py-3" data-testid="team-run">
              <p className="flex flex-wrap items-baseline gap-x-4 gap-y-1 text-sm">
                <span>
                  <span className="text-slate-500">Rank </span>
                  <b className="tabular">{run.rank ?? "—"}</b>
                </span>
                <span>
                  <span className="text-slate-500">{measureLabel(run.primary.measure)} </span>
                  <b className="tabular">{formatScore(run.primary.value)}</b>
                </span>
                <span className="min-w-0 truncate font-mono text-xs text-slate-500" title={run.fileName}>
                  {run.fileName}
                </span>
              </p>
              <SystemDescriptionText description={run} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A member's forms for the runs of one phase: each run's own name, description and link. */
function RunForms({ slug, phase }: { slug: string; phase: TeamPage["phases"][number] }) {
  const runs = phase.boards.flatMap((b) => b.runs.map((run) => ({ ...run, subtask: b.subtask.name })));
  return (
    <details className="rounded-lg border border-slate-200 px-4 py-2 text-sm">
      <summary className="cursor-pointer font-medium text-slate-800">Describe each run (optional)</summary>
      {phase.descriptionsOpen ? (
        <div className="mt-3 space-y-6">
          <p className="text-xs text-slate-500">
            Empty fields use the team&rsquo;s description.{" "}
            {phase.descriptionsCloseAt && (
              <>
                Open until <UtcTime value={phase.descriptionsCloseAt} />.
              </>
            )}
          </p>
          {runs.map((run) => (
            <div key={`${run.subtask}-${run.submissionId}`} className="space-y-2">
              <p className="font-mono text-xs text-slate-600">
                {run.subtask} · {run.fileName}
              </p>
              <DescriptionForm
                action={saveRunDescriptionAction.bind(null, slug, run.submissionId)}
                initial={run}
                idPrefix={`run-${run.submissionId}`}
                submitLabel="Save run description"
                testId={`run-description-form-${run.submissionId}`}
              />
            </div>
          ))}
        </div>
      ) : (
        <p className="mt-2 text-slate-600">
          Descriptions for this phase closed at <UtcTime value={phase.descriptionsCloseAt} />.
        </p>
      )}
    </details>
  );
}
