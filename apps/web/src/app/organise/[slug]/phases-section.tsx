import { countingBadge, noSelectionRule, type TaskConsole } from "@hierboard/platform";
import { ActionForm } from "@/components/ui/action-form";
import { Badge } from "@/components/ui/badge";
import { Card, EmptyState } from "@/components/ui/card";
import { Field, TextInput } from "@/components/ui/field";
import { UtcTime } from "@/components/ui/utc-time";
import { PhaseWindow } from "@/components/tasks/phase-window";
import { uploadGoldAction } from "../actions";
import { PhaseForm } from "./phase-form";
import { RemoveTaskPart } from "./remove-task-part";
import { PhaseControls } from "./phase-controls";

export function PhasesSection({ slug, phases, userId }: { slug: string; phases: TaskConsole["phases"]; userId: string }) {
  return (
    <Card
      id="phases"
      title="Phases and gold"
      description="Each phase has a UTC window, its own limits and its own gold labels. Gold is validated against the taxonomy and never served to anyone."
    >
      {phases.length === 0 ? (
        <div className="mb-5">
          <EmptyState title="No phases yet" />
        </div>
      ) : (
        <ul className="mb-6 space-y-4">
          {phases.map((phase) => (
            <li key={phase.key} className="rounded-lg border border-slate-200" data-testid={`phase-${phase.key}`}>
              <div className="flex flex-wrap items-start justify-between gap-3 px-4 py-3">
                <PhaseWindow name={phase.name} startsAt={phase.startsAt} endsAt={phase.endsAt} />
                <div className="flex flex-wrap gap-1.5">
                  <Badge>{phase.visibility === "PRIVATE" ? "Private" : "Public"}</Badge>
                  <Badge title={noSelectionRule(phase) ?? undefined}>{countingBadge(phase)}</Badge>
                  {phase.blind && <Badge>Blind</Badge>}
                  {phase.archivedAt && <Badge tone="warning">Archived</Badge>}
                  {phase.gold ? (
                    <Badge tone="success">
                      Gold v{phase.gold.version} · {phase.gold.documents} docs
                    </Badge>
                  ) : (
                    <Badge tone="warning">No gold</Badge>
                  )}
                </div>
              </div>
              <div className="border-t border-slate-100 px-4 py-3">
                <PhaseControls slug={slug} userId={userId} phaseKey={phase.key} />
              </div>
              <div className="grid gap-4 border-t border-slate-100 px-4 py-4 lg:grid-cols-2">
                <div>
                  <h4 className="mb-2 text-sm font-semibold text-slate-900">Gold labels</h4>
                  {phase.gold && (
                    <p className="mb-3 text-xs text-slate-600">
                      Current: <span className="font-mono">{phase.gold.fileName}</span>, uploaded <UtcTime value={phase.gold.createdAt} />.
                      A new upload adds a version.
                    </p>
                  )}
                  <ActionForm
                    action={uploadGoldAction.bind(null, slug)}
                    submitLabel="Upload gold"
                    pendingLabel="Validating…"
                    resetOnSuccess
                    testId={`gold-form-${phase.key}`}
                  >
                    <input type="hidden" name="phaseKey" value={phase.key} />
                    <Field label="Gold file" htmlFor={`gold-${phase.key}`}>
                      <TextInput
                        id={`gold-${phase.key}`}
                        name="file"
                        type="file"
                        required
                        className="file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm"
                      />
                    </Field>
                  </ActionForm>
                </div>
                <details className="self-start rounded-md bg-slate-50 px-3 py-2">
                  <summary className="cursor-pointer text-sm font-medium text-brand-700">Edit phase</summary>
                  <div className="pt-3">
                    <PhaseForm slug={slug} phase={phase} />
                  </div>
                </details>
                <div className="lg:col-span-2">
                  <RemoveTaskPart slug={slug} part="phase" item={phase} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="border-t border-slate-100 pt-5">
        <h3 className="mb-3 text-sm font-semibold text-slate-900">New phase</h3>
        <PhaseForm slug={slug} />
      </div>
    </Card>
  );
}
