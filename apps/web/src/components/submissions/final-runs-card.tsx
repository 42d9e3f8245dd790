import { getTeamFinalRuns, type FinalRunsBlock } from "@hierboard/platform";
import { selectFinalRunsAction } from "@/app/tasks/[slug]/team/final-runs-actions";
import { ActionForm } from "@/components/ui/action-form";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { UtcTime } from "@/components/ui/utc-time";

/** The team page's "what counts": submissions left, and the final runs the team selects until the deadline. */
export async function FinalRunsCard({ slug, userId }: { slug: string; userId: string }) {
  const blocks = (await getTeamFinalRuns({ slug, userId })).filter(
    (b) => b.runs.length > 0 || (b.open && (b.leftToday !== null || b.leftInTotal !== null)),
  );
  if (blocks.length === 0) return null;
  return (
    <Card title="What counts" description="Submissions left, and the runs that count on the board.">
      <div className="space-y-5" data-testid="final-runs">
        {blocks.map((block) => (
          <Block key={`${block.phaseKey}-${block.subtaskKey}`} slug={slug} block={block} />
        ))}
      </div>
    </Card>
  );
}

function left(block: FinalRunsBlock): string {
  const today = block.leftToday === null ? "no daily limit" : `${block.leftToday} left today`;
  const total = block.leftInTotal === null ? "no total limit" : `${block.leftInTotal} left in total`;
  return `${today}, ${total}`;
}

function rule(block: FinalRunsBlock): string {
  if (block.finalRuns === null) return block.rule === "BEST" ? "Your best run counts." : "Your last run counts.";
  const n = block.finalRuns;
  const until = block.open
    ? " Choose until the phase ends; without a choice, your best"
    : " The selection closed with the phase; without a choice, your best";
  return `Up to ${n} selected run${n === 1 ? "" : "s"} count.${until} ${n === 1 ? "run counts" : `${n} count`}.`;
}

function Block({ slug, block }: { slug: string; block: FinalRunsBlock }) {
  const testId = `final-runs-${block.phaseKey}-${block.subtaskKey}`;
  const selectable = block.runs.filter((r) => r.status !== "FAILED" && !r.invalidated);
  return (
    <section data-testid={testId} className="min-w-0 text-sm">
      <h3 className="font-semibold text-slate-900">
        {block.phaseName} · {block.subtaskName}
      </h3>
      <p className="text-slate-700" data-testid={`${testId}-left`}>
        {left(block)}
      </p>
      <p className="text-slate-600">{rule(block)}</p>
      {block.finalRuns !== null && block.open && selectable.length > 0 ? (
        <ActionForm
          action={selectFinalRunsAction.bind(null, slug, block.phaseKey, block.subtaskKey)}
          submitLabel="Save selection"
          submitVariant="secondary"
          className="mt-2 space-y-2"
        >
          <ul className="space-y-1">
            {selectable.map((run) => (
              <li key={run.id} className="flex flex-wrap items-center gap-2">
                <input type="checkbox" id={`pick-${run.id}`} name="submissionIds" value={run.id} defaultChecked={run.selected} />
                <label htmlFor={`pick-${run.id}`} className="break-all">
                  {run.fileName}{" "}
                  <span className="text-xs text-slate-500">
                    <UtcTime value={run.createdAt} />
                  </span>
                </label>
                <RunBadge counts={run.counts} />
              </li>
            ))}
          </ul>
        </ActionForm>
      ) : (
        <FixedRuns runs={block.runs} />
      )}
    </section>
  );
}

/**
 * Runs the team cannot choose among: those that count (or may, under hidden scores) and the
 * invalidated ones; the others are only counted, as the submission history lists them all.
 */
function FixedRuns({ runs }: { runs: FinalRunsBlock["runs"] }) {
  const shown = runs.filter((run) => run.invalidated || run.counts !== false);
  const others = runs.length - shown.length;
  return (
    <ul className="mt-2 space-y-1">
      {shown.map((run) => (
        <li key={run.id} className="flex flex-wrap items-center gap-2">
          <span className="break-all">{run.fileName}</span>
          {run.invalidated ? <Badge tone="warning">invalidated</Badge> : <RunBadge counts={run.counts} />}
        </li>
      ))}
      {others > 0 && (
        <li className="text-xs text-slate-500">
          {others} other run{others === 1 ? "" : "s"}, not counted (see the submission history)
        </li>
      )}
    </ul>
  );
}

function RunBadge({ counts }: { counts: boolean | null }) {
  if (counts === null) return <span className="text-xs text-slate-500">counts: decided by hidden scores</span>;
  return counts ? <Badge tone="success">counts</Badge> : null;
}
