import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import {
  AppError,
  appErrorFrom,
  compareSubmissionPair,
  getSubmission,
  listComparableSubmissions,
  pairSideNames,
  PAIRED_TEST_OPTIONS,
  type ComparableSubmission,
  type PairComparison,
} from "@hierboard/platform";
import { getViewer } from "@/auth/viewer";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, EmptyState, PageHeader } from "@/components/ui/card";
import { formatScore } from "@/lib/format-score";
import { formatUtc } from "@/lib/utc";
import { toProblem } from "@/server/problem";
import { TableHead } from "@/components/ui/table-head";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Compare submissions" };

/** The picker's choices grouped by team (baselines together), teams in order of their newest file. */
function groupByTeam(candidates: ComparableSubmission[]): [string, ComparableSubmission[]][] {
  const groups = new Map<string, ComparableSubmission[]>();
  for (const c of candidates) {
    const team = c.isBaseline ? "Baselines" : (c.teamName ?? "Baselines");
    groups.set(team, [...(groups.get(team) ?? []), c]);
  }
  return [...groups];
}

const SIGNIFICANCE = 0.05;

function Verdict({ test, a, b }: { test: PairComparison["tests"][number]; a: string; b: string }) {
  if (test.pValue >= SIGNIFICANCE) return <Badge tone="neutral">Indistinguishable (p ≥ {SIGNIFICANCE})</Badge>;
  const aBetter = test.higherIsBetter ? test.difference > 0 : test.difference < 0;
  return (
    <Badge tone="success">
      {aBetter ? a : b} better (p &lt; {SIGNIFICANCE})
    </Badge>
  );
}

export default async function ComparePage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string; id: string }>;
  searchParams: Promise<{ with?: string }>;
}) {
  const [{ slug, id }, query] = await Promise.all([params, searchParams]);
  const viewer = await getViewer();
  const viewerId = viewer?.id ?? null;
  const here = `/tasks/${slug}/submissions/${id}/compare`;
  const submission = await getSubmission({ id, viewerId }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "FORBIDDEN" && !viewer) redirect(`/signin?callbackUrl=${encodeURIComponent(here)}`);
    if (appErrorFrom(error)) return null;
    throw error;
  });
  if (!submission || submission.taskSlug !== slug) notFound();
  const candidates = await listComparableSubmissions({ id, viewerId });
  const other = query.with?.trim() || undefined;
  let comparison: PairComparison | null = null;
  let problem: string | null = null;
  if (other) {
    try {
      comparison = await compareSubmissionPair({ id, otherId: other, viewerId });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      problem = toProblem(error).message;
    }
  }
  const names = comparison ? pairSideNames(comparison.a, comparison.b) : null;
  const nameA = names?.a ?? `${submission.teamName ?? "Baseline"} · ${submission.fileName}`;
  const nameB = names?.b ?? "the other";
  const primaryTest = comparison?.tests.find((t) => t.measure === comparison.primaryMeasure);
  const groups = groupByTeam(candidates);

  return (
    <>
      <PageHeader
        eyebrow={
          <Link href={`/tasks/${slug}/submissions/${id}`} className="hover:underline">
            ← Report of {submission.fileName}
          </Link>
        }
        title={names ? names.title : `Compare ${nameA}`}
        description={`${submission.subtaskName} · ${submission.phaseName}. A paired test on the same gold documents says whether the difference could be chance.`}
      />
      <Card title="Choose a submission" className="mb-6">
        {candidates.length === 0 ? (
          <EmptyState title="Nothing to compare with yet">
            Your team&apos;s other scored submissions and the baselines can be compared now; other teams&apos; become comparable when the
            phase ends.
          </EmptyState>
        ) : (
          <form method="get" className="flex flex-wrap items-end gap-3" data-testid="compare-picker">
            <label className="grid min-w-0 max-w-full gap-1 text-sm">
              <span className="font-medium text-slate-800">Other submission</span>
              <select
                name="with"
                defaultValue={other ?? ""}
                className="w-full max-w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm sm:min-w-72"
              >
                {groups.map(([team, inTeam]) => (
                  <optgroup key={team} label={team}>
                    {inTeam.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.fileName} · {formatUtc(c.createdAt)}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </label>
            <Button type="submit">Compare</Button>
          </form>
        )}
      </Card>
      {problem && (
        <p role="alert" className="mb-6 rounded-md bg-red-50 px-4 py-3 text-sm text-red-900">
          {problem}
        </p>
      )}
      {comparison && other && (
        <p className="mb-6 text-sm">
          <Link
            href={`/tasks/${slug}/submissions/${id}/explorer?with=${encodeURIComponent(other)}`}
            className="font-medium text-sky-700 hover:underline"
          >
            See on the taxonomy where the two differ →
          </Link>
        </p>
      )}
      {comparison && (
        <Card
          title={`${nameA} vs ${nameB}`}
          description={`Approximate randomisation, ${PAIRED_TEST_OPTIONS.resamples} resamples (seed ${PAIRED_TEST_OPTIONS.seed}) over ${comparison.documents.toLocaleString("en")} documents, gold v${comparison.goldVersion}. Difference = ${nameA} − ${nameB}.`}
        >
          {primaryTest && (
            <p
              className="mb-4 flex flex-wrap items-center gap-2 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800"
              data-testid="primary-verdict"
            >
              <span className="font-medium">{primaryTest.label}:</span>
              <span className="tabular min-w-0 break-words">
                {nameA} {formatScore(primaryTest.a)} vs {nameB} {formatScore(primaryTest.b)}, p = {primaryTest.pValue.toFixed(4)}
              </span>
              <Verdict test={primaryTest} a={nameA} b={nameB} />
            </p>
          )}
          <div className="-mx-5 overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="paired-test">
              <caption className="sr-only">Paired test of each measure between the two submissions</caption>
              <TableHead
                columns={[
                  { label: "Measure" },
                  { label: nameA, numeric: true },
                  { label: nameB, numeric: true },
                  { label: "Difference", numeric: true },
                  { label: "p-value", numeric: true },
                  { label: "Verdict" },
                ]}
              />
              <tbody className="divide-y divide-slate-100">
                {comparison.tests.map((test) => (
                  <tr key={test.measure} className={test.measure === comparison.primaryMeasure ? "bg-brand-50/60" : ""}>
                    <th scope="row" className="py-2 pl-5 pr-4 font-normal text-slate-800">
                      {test.label}
                      {test.measure === comparison.primaryMeasure && (
                        <span className="ml-2 text-xs font-medium text-brand-700">primary</span>
                      )}
                    </th>
                    <td className="tabular py-2 pr-4 text-right">{formatScore(test.a)}</td>
                    <td className="tabular py-2 pr-4 text-right">{formatScore(test.b)}</td>
                    <td className="tabular py-2 pr-4 text-right font-medium">
                      {test.difference > 0 ? "+" : ""}
                      {formatScore(test.difference)}
                    </td>
                    <td className="tabular py-2 pr-4 text-right">{test.pValue.toFixed(4)}</td>
                    <td className="py-2 pr-5">
                      <Verdict test={test} a={nameA} b={nameB} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-3 text-xs text-slate-500">
            <Link href={`/tasks/${slug}/submissions/${comparison.b.id}`} className="text-brand-700 hover:underline">
              Open the report of {nameB}
            </Link>
          </p>
        </Card>
      )}
    </>
  );
}
