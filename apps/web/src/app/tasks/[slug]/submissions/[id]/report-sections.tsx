import type { SubmissionDiagnostics } from "@hierboard/platform";
import { Card } from "@/components/ui/card";
import { HcCountsGrid } from "@/components/report/hc-counts";
import { LabelErrors } from "@/components/report/label-errors";
import { PrCurveChart } from "@/components/report/pr-curve-chart";
import { CafaCurves } from "@/components/report/cafa-curves";
import { readCafaCurves } from "@/lib/cafa-curves";
import { RateBars } from "@/components/report/rate-bars";
import { formatScore } from "@/lib/format-score";
import { readBreakdown, type RateRow } from "@/lib/report-breakdown";
import { TableHead } from "@/components/ui/table-head";

function RateTable({
  rows,
  groupHeader,
  groupLabel,
  caption,
}: {
  rows: RateRow[];
  groupHeader: string;
  groupLabel: (g: string) => string;
  caption: string;
}) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-brand-700">Show as a table</summary>
      <div className="-mx-5 mt-2 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <TableHead
            dense
            gap={3}
            columns={[
              { label: groupHeader },
              ...["Precision", "Recall", "F1", "TP", "FP", "FN"].map((label) => ({ label, numeric: true })),
            ]}
          />
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={r.group}>
                <th scope="row" className="py-1.5 pl-5 pr-3 font-normal">
                  {groupLabel(r.group)}
                </th>
                <td className="tabular py-1.5 pr-3 text-right">{formatScore(r.precision)}</td>
                <td className="tabular py-1.5 pr-3 text-right">{formatScore(r.recall)}</td>
                <td className="tabular py-1.5 pr-3 text-right font-medium">{formatScore(r.f1)}</td>
                <td className="tabular py-1.5 pr-3 text-right text-slate-500">{r.tp}</td>
                <td className="tabular py-1.5 pr-3 text-right text-slate-500">{r.fp}</td>
                <td className="tabular py-1.5 pr-5 text-right text-slate-500">{r.fn}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

const levelLabel = (group: string) => `Level ${group}`;
const asIs = (group: string) => group;

/** The top of a scored submission's report: the HC counts and the per-level bars. */
export function ReportOverview({ breakdown }: { breakdown: unknown }) {
  const view = readBreakdown(breakdown);
  return (
    <>
      {view.hc && (
        <Card
          title="Hierarchical confusion counts"
          description="Summed over documents; every HC measure in the table below derives from these four."
        >
          <HcCountsGrid counts={view.hc} />
        </Card>
      )}
      {view.perLevel.length > 0 && (
        <Card title="By level" description="Precision, recall and F1 at each depth, labels closed under their ancestors." id="per-level">
          <RateBars rows={view.perLevel} groupPrefix="Level" />
          <RateTable rows={view.perLevel} groupHeader="Level" groupLabel={levelLabel} caption="Precision, recall and F1 per level" />
        </Card>
      )}
    </>
  );
}

/** The rest of the report: per-category bars, the labels most often wrong, the PR curve of soft files. */
export function ReportSections({ breakdown, diagnostics }: { breakdown: unknown; diagnostics: SubmissionDiagnostics | null }) {
  const view = readBreakdown(breakdown);
  const cafa = readCafaCurves(breakdown);
  return (
    <div className="mt-6 space-y-6">
      {cafa.length > 0 && (
        <Card
          title="CAFA curves per namespace"
          description="Protein-centric precision against recall, and misinformation against remaining uncertainty, as the threshold sweeps (thresholds with coverage only); the red points are Fmax and Smin."
          id="cafa-curves"
        >
          <CafaCurves namespaces={cafa} />
        </Card>
      )}
      {view.perSubtree.length > 0 && (
        <Card title="By top-level category" description="The same measures inside each top-level subtree." id="per-subtree">
          <RateBars rows={view.perSubtree} horizontal />
          <RateTable
            rows={view.perSubtree}
            groupHeader="Category"
            groupLabel={asIs}
            caption="Precision, recall and F1 per top-level category"
          />
        </Card>
      )}
      {diagnostics && (
        <Card
          title="Labels most often wrong"
          description={`Labels as written (flat view), against gold v${diagnostics.goldVersion}: false positives are over-predicted, false negatives under-predicted.`}
          id="label-errors"
        >
          <LabelErrors diagnostics={diagnostics} />
        </Card>
      )}
      {view.prCurve.length > 1 && (
        <Card
          title="Precision-recall curve"
          description={`Hierarchical precision and recall as the score threshold sweeps; area under the curve ${formatScore(view.auprc)}.`}
          id="pr-curve"
        >
          <PrCurveChart points={view.prCurve} />
        </Card>
      )}
    </div>
  );
}
