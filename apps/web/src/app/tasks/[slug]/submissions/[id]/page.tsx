import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { excludesEstimate } from "@hierboard/metrics";
import {
  AppError,
  appErrorFrom,
  EXCLUDES_ESTIMATE_MARK,
  EXCLUDES_ESTIMATE_NOTE,
  getSubmission,
  getSubmissionDiagnostics,
  INTERVAL_METHOD_NAME,
} from "@hierboard/platform";
import { getViewer } from "@/auth/viewer";
import { ButtonLink } from "@/components/ui/button";
import { ReportOverview, ReportSections } from "./report-sections";
import { Card, EmptyState, PageHeader } from "@/components/ui/card";
import { StatusBadge } from "@/components/ui/badge";
import { UtcTime } from "@/components/ui/utc-time";
import { RefreshWhileRunning } from "@/components/submissions/refresh-while-running";
import { ScoreHistoryCard } from "@/components/submissions/score-history";
import { formatInterval, formatScore } from "@/lib/format-score";
import { MeasureHint } from "@/components/measures/measure-hint";
import { groupKeysByFamily, measureLabel } from "@/lib/measure-label";
import { TableHead } from "@/components/ui/table-head";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Submission" };

export default async function SubmissionPage({ params }: { params: Promise<{ slug: string; id: string }> }) {
  const { slug, id } = await params;
  // Anyone may read a submission once its phase has ended; before, its team and the organisers.
  const viewer = await getViewer();
  const submission = await getSubmission({ id, viewerId: viewer?.id ?? null }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "FORBIDDEN" && !viewer)
      redirect(`/signin?callbackUrl=${encodeURIComponent(`/tasks/${slug}/submissions/${id}`)}`);
    // Someone else's submission, or an id that is not one (a NUL byte), is indistinguishable from a missing one.
    if (appErrorFrom(error)) return null;
    throw error;
  });
  if (!submission || submission.taskSlug !== slug) notFound();
  const diagnostics = submission.report ? await getSubmissionDiagnostics({ id, viewerId: viewer?.id ?? null }).catch(() => null) : null;
  const primary = submission.scores.find((score) => score.measure === submission.primaryMeasure);
  const running = submission.status === "QUEUED" || submission.status === "SCORING";
  const hasIntervals = submission.scores.some((score) => score.ciLow != null);
  const excluded = (score: { value: number | null; ciLow: number | null; ciHigh: number | null }) =>
    score.value !== null && score.ciLow !== null && score.ciHigh !== null && excludesEstimate(score.value, score.ciLow, score.ciHigh);

  const scoresCard = (
    <Card title="Scores" description={submission.report ? "Every measure the engine computed for this submission." : undefined}>
      {submission.status === "FAILED" ? (
        <div role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-900">
          <p className="font-medium">Scoring failed</p>
          <p className="mt-1">{submission.errorMessage ?? "No reason was recorded."}</p>
        </div>
      ) : submission.scores.length === 0 ? (
        <EmptyState title={running ? "Scoring in progress" : submission.scoresHidden ? "Scored · hidden until results" : "No scores"}>
          {running
            ? "This page updates when the worker finishes."
            : submission.scoresHidden
              ? "This phase is blind: scores appear when the organisers publish the results."
              : null}
        </EmptyState>
      ) : (
        <div className="-mx-5 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Scores of this submission under every measure of the subtask</caption>
            <TableHead
              columns={[
                { label: "Measure" },
                { label: "Value", numeric: true },
                ...(hasIntervals ? [{ label: `95% ${INTERVAL_METHOD_NAME} interval`, numeric: true }] : []),
              ]}
            />
            {groupKeysByFamily(submission.scores).map(([family, scores]) => (
              <tbody key={family} className="divide-y divide-slate-100">
                <tr className="bg-slate-50">
                  <th
                    scope="rowgroup"
                    colSpan={hasIntervals ? 3 : 2}
                    className="py-1.5 pl-5 text-left text-xs font-semibold uppercase tracking-wide text-slate-500"
                  >
                    {family}
                  </th>
                </tr>
                {scores.map((score) => (
                  <tr key={score.measure} className={score.measure === submission.primaryMeasure ? "bg-brand-50/60" : ""}>
                    <th scope="row" className="py-2 pl-5 pr-4 font-normal text-slate-800">
                      <MeasureHint measure={score.measure} scope="report">
                        {measureLabel(score.measure)}
                      </MeasureHint>
                      <span className="ml-2 font-mono text-[11px] text-slate-400">{score.measure}</span>
                      {score.measure === submission.primaryMeasure && (
                        <span className="ml-2 text-xs font-medium text-brand-700">primary</span>
                      )}
                    </th>
                    <td className={`tabular py-2 text-right font-medium ${hasIntervals ? "pr-4" : "pr-5"}`}>{formatScore(score.value)}</td>
                    {hasIntervals && (
                      <td className="tabular py-2 pr-5 text-right text-slate-500">
                        {formatInterval(score.ciLow, score.ciHigh)}
                        {excluded(score) && (
                          <span data-testid="excludes-estimate" title="The interval does not contain the score">
                            {EXCLUDES_ESTIMATE_MARK}
                          </span>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      )}
      {submission.scores.some(excluded) && (
        <p data-testid="excludes-estimate-note" className="px-5 pt-3 text-xs leading-5 text-slate-600">
          {EXCLUDES_ESTIMATE_NOTE}
        </p>
      )}
    </Card>
  );

  return (
    <>
      <PageHeader
        eyebrow={
          <span className="flex gap-3">
            <Link href={`/tasks/${slug}`} className="hover:underline">
              ← Task
            </Link>
            <Link href={`/tasks/${slug}/team`} className="hover:underline">
              Team area
            </Link>
          </span>
        }
        title={submission.fileName}
        description={`${submission.teamName ?? "Baseline"} · ${submission.subtaskName} · ${submission.phaseName}`}
        actions={
          <span className="flex flex-wrap items-center gap-3">
            <StatusBadge status={submission.status} />
            {submission.status === "SCORED" && (
              <ButtonLink href={`/tasks/${slug}/submissions/${id}/compare`} variant="secondary">
                Compare with another submission
              </ButtonLink>
            )}
            {submission.status === "SCORED" && (
              <ButtonLink href={`/tasks/${slug}/submissions/${id}/explorer`} variant="secondary">
                Explore the taxonomy
              </ButtonLink>
            )}
          </span>
        }
      />
      {running && <RefreshWhileRunning id={submission.id} />}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {submission.report ? <ReportOverview breakdown={submission.report.breakdown} /> : scoresCard}
        </div>
        <div className="order-first min-w-0 space-y-6 lg:order-none">
          <Card title="Details">
            <dl className="space-y-3 text-sm">
              {primary && (
                <div>
                  <dt className="text-slate-500">Primary score ({measureLabel(submission.primaryMeasure)})</dt>
                  <dd className="tabular text-2xl font-semibold" data-testid="current-primary">
                    {formatScore(primary.value)}
                  </dd>
                  {submission.report && (
                    <dd className="text-xs text-slate-500">against gold v{submission.report.goldVersion}, the newest it was scored on</dd>
                  )}
                </div>
              )}
              <div>
                <dt className="text-slate-500">Uploaded</dt>
                <dd>
                  <UtcTime value={submission.createdAt} />
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Finished</dt>
                <dd>
                  <UtcTime value={submission.finishedAt} />
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Uploaded by</dt>
                <dd>{submission.uploaderName}</dd>
              </div>
              <div>
                <dt className="text-slate-500">File SHA-256</dt>
                <dd className="break-all font-mono text-xs">{submission.contentHash}</dd>
              </div>
              {submission.report && (
                <>
                  <div>
                    <dt className="text-slate-500">Scored against</dt>
                    <dd>
                      gold v{submission.report.goldVersion}
                      {submission.part !== "all" && ` (its ${submission.part} part)`} · {submission.report.documents} documents · engine{" "}
                      <span className="font-mono text-xs">{submission.report.engineVersion}</span>
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">Taxonomy / gold SHA-256</dt>
                    <dd className="break-all font-mono text-xs">
                      {submission.report.taxonomyHash}
                      <br />
                      {submission.report.goldHash ?? <span className="font-sans text-slate-500">gold hash shown when the phase ends</span>}
                    </dd>
                  </div>
                  {submission.report.warnings.length > 0 && (
                    <div>
                      <dt className="text-slate-500">Warnings</dt>
                      <dd>
                        <ul className="space-y-0.5 text-xs text-amber-900">
                          {submission.report.warnings.slice(0, 10).map((warning, index) => (
                            <li key={index}>{warning}</li>
                          ))}
                          {submission.report.warnings.length > 10 && <li>…and {submission.report.warnings.length - 10} more</li>}
                        </ul>
                      </dd>
                    </div>
                  )}
                </>
              )}
            </dl>
          </Card>
          <ScoreHistoryCard
            history={submission.scoreHistory}
            primaryLabel={measureLabel(submission.primaryMeasure)}
            phaseGoldVersion={submission.phaseGoldVersion}
          />
        </div>
      </div>
      {submission.report && (
        <>
          <ReportSections breakdown={submission.report.breakdown} diagnostics={diagnostics} />
          <div className="mt-6">{scoresCard}</div>
        </>
      )}
    </>
  );
}
