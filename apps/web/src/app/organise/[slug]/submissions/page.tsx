import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTaskConsole, listTaskSubmissions, listTaskTeams } from "@hierboard/platform";
import { z } from "zod";
import { SubmissionFilters } from "@/components/organise/submission-filters";
import { setBaselineAction } from "../participants/actions";
import { requireViewer } from "@/auth/viewer";
import { orPageError } from "@/server/page-errors";
import { ActionForm } from "@/components/ui/action-form";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { OrganiserPageHeader } from "@/components/organise/organiser-page-header";
import { Card, EmptyState } from "@/components/ui/card";
import { UtcTime } from "@/components/ui/utc-time";
import { formatScore } from "@/lib/format-score";
import { measureLabel } from "@/lib/measure-label";
import { rescorePhaseAction, rescoreSubmissionAction } from "../../actions";
import { TableHead } from "@/components/ui/table-head";

export const dynamic = "force-dynamic";

const submissionFilters = z
  .object({
    team: z.string().min(1).optional().catch(undefined),
    status: z.enum(["QUEUED", "SCORING", "SCORED", "FAILED"]).optional().catch(undefined),
    subtask: z.string().min(1).optional().catch(undefined),
  })
  .transform((q) => ({ teamId: q.team, status: q.status, subtaskKey: q.subtask }));
export const metadata: Metadata = { title: "All submissions" };

type Query = { team?: string; status?: string; subtask?: string };

export default async function TaskSubmissionsPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Query>;
}) {
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  const viewer = await requireViewer(`/organise/${slug}/submissions`);
  const consoleData = await orPageError(getTaskConsole({ slug, userId: viewer.id }));
  if (!consoleData) notFound();
  const filters = submissionFilters.parse(query);
  const [rows, { teams }] = await orPageError(
    Promise.all([listTaskSubmissions({ userId: viewer.id, slug, ...filters }), listTaskTeams({ userId: viewer.id, slug })]),
  );
  return (
    <>
      <OrganiserPageHeader
        slug={slug}
        taskTitle={consoleData.task.title}
        title="All submissions"
        description="Every team's uploads with their status and errors. Re-scoring keeps the scores of earlier gold versions."
        sibling={{ path: "audit", label: "Audit log" }}
      />
      <Card
        title="Re-score a phase"
        description="After replacing a phase's gold, queue every submission that has no scores against the new version."
        className="mb-6"
      >
        {consoleData.phases.length === 0 ? (
          <EmptyState title="No phases yet" />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {consoleData.phases.map((phase) => (
              <li key={phase.key} className="rounded-lg border border-slate-200 px-4 py-3" data-testid={`rescore-phase-${phase.key}`}>
                <p className="mb-2 flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                  {phase.name}
                  {phase.gold ? <Badge tone="success">Gold v{phase.gold.version}</Badge> : <Badge tone="warning">No gold</Badge>}
                </p>
                <ActionForm
                  action={rescorePhaseAction.bind(null, slug, phase.key)}
                  submitLabel={`Re-score ${phase.name}`}
                  pendingLabel="Queueing…"
                  submitVariant="secondary"
                  className="space-y-2"
                >
                  {null}
                </ActionForm>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <SubmissionFilters
        teams={teams.map((t) => ({ id: t.id, name: t.name }))}
        subtasks={consoleData.subtasks.map((s) => s.key)}
        current={query}
      />
      <Card title={`Submissions (${rows.length})`}>
        {rows.length === 0 ? (
          <EmptyState title="No submissions yet" />
        ) : (
          <div className="-mx-5 overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="all-submissions">
              <caption className="sr-only">Every submission of this task, newest first</caption>
              <TableHead
                gap={3}
                columns={[
                  { label: "Team" },
                  { label: "File" },
                  { label: "Subtask · phase" },
                  { label: "Uploaded" },
                  { label: "Status" },
                  { label: "Primary", numeric: true },
                  { label: "Gold" },
                  { label: <span className="sr-only">Actions</span> },
                ]}
              />
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <tr key={row.id} data-status={row.status} className="align-top">
                    <th scope="row" className="py-2 pl-5 pr-3 font-medium text-slate-900">
                      {row.teamName ?? "—"}
                      {row.isBaseline && (
                        <span className="ml-1.5">
                          <Badge>baseline</Badge>
                        </span>
                      )}
                      <div className="text-xs font-normal text-slate-500">{row.uploaderName}</div>
                    </th>
                    <td className="max-w-[14rem] py-2 pr-3">
                      <Link href={`/tasks/${slug}/submissions/${row.id}`} className="break-all text-brand-700 hover:underline">
                        {row.fileName}
                      </Link>
                      {row.errorMessage && (
                        <p className="mt-1 whitespace-pre-wrap break-words text-xs text-red-800" data-testid="submission-error">
                          {row.errorMessage.length > 300 ? `${row.errorMessage.slice(0, 300)}…` : row.errorMessage}
                        </p>
                      )}
                    </td>
                    <td className="py-2 pr-3 font-mono text-xs">
                      {row.subtaskKey} · {row.phaseKey}
                    </td>
                    <td className="py-2 pr-3 text-xs">
                      <UtcTime value={row.createdAt} />
                    </td>
                    <td className="py-2 pr-3">
                      <StatusBadge status={row.status} />
                    </td>
                    <td className="tabular py-2 pr-3 text-right" title={measureLabel(row.primaryMeasure)}>
                      {formatScore(row.primaryValue)}
                    </td>
                    <td className="py-2 pr-3 text-xs text-slate-600">
                      {row.scoredGoldVersions.length === 0 ? "—" : row.scoredGoldVersions.map((v) => `v${v}`).join(", ")}
                    </td>
                    <td className="py-2 pr-5">
                      <a
                        href={`/api/submissions/${row.id}/file`}
                        className="mb-1 block text-xs text-brand-700 hover:underline"
                        data-testid="download-file"
                      >
                        Download
                      </a>
                      {row.invalidated && <Badge tone="warning">invalidated</Badge>}
                      {(row.teamId !== null || !row.isBaseline) && (
                        <ActionForm
                          action={setBaselineAction.bind(null, slug, row.id, !row.isBaseline)}
                          submitLabel={row.isBaseline ? "Rank again" : "Mark baseline"}
                          pendingLabel="Saving…"
                          submitVariant="secondary"
                          className="mb-1 space-y-1 text-xs"
                        >
                          {null}
                        </ActionForm>
                      )}
                      {(row.status === "SCORED" || row.status === "FAILED") && (
                        <ActionForm
                          action={rescoreSubmissionAction.bind(null, slug, row.id)}
                          submitLabel="Re-score"
                          pendingLabel="Queueing…"
                          submitVariant="secondary"
                          className="space-y-1 text-xs"
                        >
                          {null}
                        </ActionForm>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </>
  );
}
