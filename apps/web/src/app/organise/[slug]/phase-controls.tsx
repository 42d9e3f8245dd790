import { describePhaseControls, getRescoreStatus } from "@hierboard/platform";
import { RescoreProgress } from "@/components/organise/rescore-progress";
import { Badge } from "@/components/ui/badge";
import { ConfirmAction as Confirm } from "@/components/ui/confirm-action";
import { endPhaseNowAction, publishResultsAction, rescorePhaseAction } from "../actions";

/** "End now" and "publish results", each behind a confirmation that says what becomes public. */
export async function PhaseControls({ slug, userId, phaseKey }: { slug: string; userId: string; phaseKey: string }) {
  const [controls, rescore] = await Promise.all([
    describePhaseControls({ userId, slug, phaseKey }),
    getRescoreStatus({ userId, slug, phaseKey }),
  ]);
  return (
    <div className="space-y-2" data-testid={`phase-controls-${phaseKey}`}>
      <div className="flex flex-wrap gap-1.5">
        <Badge>{controls.state}</Badge>
        {controls.resultsPublished && <Badge tone="success">Results published</Badge>}
      </div>
      {rescore.stale > 0 && (
        <Confirm
          label={`Gold v${rescore.goldVersion} is new: re-score ${rescore.stale} submission${rescore.stale === 1 ? "" : "s"}…`}
          text={`${rescore.stale} submission${rescore.stale === 1 ? " has" : "s have"} no scores against gold v${rescore.goldVersion} yet. Re-scoring queues ${rescore.stale === 1 ? "it" : "them"}; earlier scores are kept and shown as versions in each team's history. The board switches to the new scores as they arrive.`}
          action={rescorePhaseAction.bind(null, slug, phaseKey)}
          confirmLabel="Yes, re-score"
        />
      )}
      <RescoreProgress slug={slug} phaseKey={phaseKey} initial={rescore} />
      {controls.endNow && (
        <Confirm
          label="End now…"
          text={controls.endNow}
          action={endPhaseNowAction.bind(null, slug, phaseKey)}
          confirmLabel="Yes, end the phase now"
        />
      )}
      {controls.publishResults && (
        <Confirm
          label="Publish results…"
          text={controls.publishResults}
          action={publishResultsAction.bind(null, slug, phaseKey)}
          confirmLabel="Yes, publish the results"
        />
      )}
    </div>
  );
}
