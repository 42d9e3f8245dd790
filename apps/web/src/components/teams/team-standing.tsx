import Link from "next/link";
import type { TeamStanding } from "@hierboard/platform";
import { Card } from "@/components/ui/card";
import { FileName } from "@/components/ui/file-name";
import { LocalTime } from "@/components/ui/local-time";
import { formatUtc } from "@/lib/utc";

function countedLabel(s: TeamStanding): string {
  if (s.finalRuns !== null) return "your best counted final run";
  return s.rule === "BEST" ? "your best scored file" : "your last scored file";
}

function whatCounts(s: TeamStanding): string {
  if (s.finalRuns !== null) return `your selected final runs, up to ${s.finalRuns} (without a selection, your best ones)`;
  return s.rule === "BEST" ? "your best scored one" : "your last scored one";
}

/** Where the team stands in each open phase and subtask: slots left, the daily reset, the counted file. */
export function TeamStandingCard({ slug, standings }: { slug: string; standings: TeamStanding[] }) {
  if (standings.length === 0) return null;
  return (
    <Card title="Where you stand" description="Counted as the limits count: accepted files only; a refused file uses no slot.">
      <ul className="space-y-4 text-sm" data-testid="where-you-stand">
        {standings.map((s) => (
          <li key={`${s.phaseKey}-${s.subtaskKey}`} className="min-w-0">
            <p className="font-medium text-slate-900">
              {s.subtaskName} · {s.phaseName}
            </p>
            <p className="text-slate-700">
              {s.remainingToday === null ? "No daily limit" : `${s.remainingToday} left today`} ·{" "}
              {s.remainingTotal === null ? "no total limit" : `${s.remainingTotal} left in total`} ({s.usedTotal} used)
            </p>
            {s.remainingToday !== null && (
              <p className="text-xs text-slate-600">
                The daily count resets at {formatUtc(s.resetsAt)}
                <LocalTime iso={s.resetsAt.toISOString()} />.
              </p>
            )}
            <p className="text-xs text-slate-600">
              {s.scoresHidden ? (
                <>
                  {s.scoredTotal} of your files scored. Scores and ranks stay hidden in this blind phase until the organisers publish the
                  results; the board will count {whatCounts(s)}.
                </>
              ) : s.counting ? (
                <>
                  Counting now ({countedLabel(s)}):{" "}
                  <Link href={`/tasks/${slug}/submissions/${s.counting.id}`} className="font-medium text-brand-700 hover:underline">
                    <FileName name={s.counting.fileName} />
                  </Link>
                  {s.counting.rank !== null && <>, rank {s.counting.rank}</>}
                </>
              ) : (
                <>No scored file yet: the board counts {whatCounts(s)}.</>
              )}
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
