import type { SubmissionDiagnostics } from "@hierboard/platform";
import { TableHead } from "@/components/ui/table-head";

type LabelRow = SubmissionDiagnostics["overPredicted"][number];

function LabelTable({
  caption,
  rows,
  count,
  countLabel,
  testId,
}: {
  caption: string;
  rows: LabelRow[];
  count: "fp" | "fn";
  countLabel: string;
  testId: string;
}) {
  return (
    <div className="min-w-0" data-testid={testId}>
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{caption}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">None.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <TableHead
              dense
              inset={false}
              gap={3}
              columns={[
                { label: "Label" },
                { label: "Depth", numeric: true },
                { label: countLabel, numeric: true },
                { label: "Correct", numeric: true },
              ]}
            />
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className="max-w-[16rem] truncate py-1.5 pr-3 font-normal text-slate-800" title={row.label}>
                    {row.label}
                  </th>
                  <td className="tabular py-1.5 pr-3 text-right text-slate-500">{row.depth}</td>
                  <td className="tabular py-1.5 pr-3 text-right font-medium">{row[count]}</td>
                  <td className="tabular py-1.5 text-right text-slate-500">{row.tp}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** The labels a submission most often predicts wrongly (FP) and misses (FN), flat view. */
export function LabelErrors({ diagnostics }: { diagnostics: SubmissionDiagnostics }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <LabelTable
        caption="Most over-predicted"
        rows={diagnostics.overPredicted}
        count="fp"
        countLabel="False pos."
        testId="over-predicted"
      />
      <LabelTable
        caption="Most under-predicted"
        rows={diagnostics.underPredicted}
        count="fn"
        countLabel="False neg."
        testId="under-predicted"
      />
    </div>
  );
}
