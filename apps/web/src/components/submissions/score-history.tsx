import type { ScoreHistoryEntry } from "@hierboard/platform";
import { Card } from "@/components/ui/card";
import { UtcTime } from "@/components/ui/utc-time";
import { formatScore } from "@/lib/format-score";
import { formatUtc } from "@/lib/utc";
import { TableHead } from "@/components/ui/table-head";

/**
 * Each gold version the submission was scored against, newest (current) first, with its primary
 * score and when: a re-score after a new gold keeps the earlier scores, and this says so.
 */
export function ScoreHistoryCard({
  history,
  primaryLabel,
  phaseGoldVersion,
}: {
  history: ScoreHistoryEntry[];
  primaryLabel: string;
  phaseGoldVersion: number | null;
}) {
  const current = history[0];
  if (!current) return null;
  const pending = phaseGoldVersion !== null && phaseGoldVersion > current.goldVersion;
  return (
    <Card
      title="Score history"
      description={`${primaryLabel} against each gold version this submission was scored on; the newest one counts.`}
    >
      <div data-testid="score-history">
        {pending && (
          <p className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900" data-testid="score-history-pending">
            The phase&apos;s gold is now v{phaseGoldVersion}; this submission still counts with its score against gold v
            {current.goldVersion} until it is re-scored.
          </p>
        )}
        <div className="-mx-5 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">The primary score of this submission against each gold version, newest first</caption>
            <TableHead gap={3} columns={[{ label: "Gold" }, { label: primaryLabel, numeric: true }, { label: "Scored (UTC)" }]} />
            <tbody className="divide-y divide-slate-100">
              {history.map((entry) => (
                <tr
                  key={entry.goldVersion}
                  data-gold-version={entry.goldVersion}
                  className={entry.current ? "bg-brand-50/60 font-medium" : "text-slate-600"}
                >
                  <th
                    scope="row"
                    className="whitespace-nowrap py-2 pl-5 pr-3 text-left font-normal"
                    title={entry.goldUploadedAt ? `Gold v${entry.goldVersion} uploaded ${formatUtc(entry.goldUploadedAt)}` : undefined}
                  >
                    v{entry.goldVersion}
                    {entry.current && <span className="ml-2 text-xs font-medium text-brand-700">current</span>}
                  </th>
                  <td className="tabular py-2 pr-3 text-right">{formatScore(entry.primary)}</td>
                  <td className="py-2 pr-5 text-xs">
                    <UtcTime value={entry.scoredAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </Card>
  );
}
