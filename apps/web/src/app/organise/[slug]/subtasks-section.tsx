import type { TaskConsole } from "@hierboard/platform";
import { Badge } from "@/components/ui/badge";
import { Card, EmptyState } from "@/components/ui/card";
import type { MeasureOption } from "@/lib/measure-options";
import { RemoveTaskPart } from "./remove-task-part";
import { SubtaskForm } from "./subtask-form";

export function SubtasksSection({
  slug,
  subtasks,
  taxonomies,
  measures,
}: {
  slug: string;
  subtasks: TaskConsole["subtasks"];
  taxonomies: TaskConsole["taxonomies"];
  measures: MeasureOption[];
}) {
  const label = (key: string) => measures.find((m) => m.key === key)?.label ?? key;
  return (
    <Card id="subtasks" title="Subtasks" description="Each subtask scores against a taxonomy version, optionally cut to its top levels.">
      {subtasks.length === 0 ? (
        <div className="mb-5">
          <EmptyState title="No subtasks yet" />
        </div>
      ) : (
        <ul className="mb-6 space-y-3">
          {subtasks.map((subtask) => (
            <li key={subtask.key} className="rounded-lg border border-slate-200">
              <details>
                <summary className="flex cursor-pointer list-none flex-wrap items-center justify-between gap-2 px-4 py-3">
                  <span>
                    <span className="font-medium text-slate-900">{subtask.name}</span>{" "}
                    <span className="font-mono text-xs text-slate-500">({subtask.key})</span>
                  </span>
                  <span className="flex flex-wrap gap-1.5">
                    <Badge>{subtask.maxDepth ? `Top ${subtask.maxDepth} level${subtask.maxDepth === 1 ? "" : "s"}` : "Full depth"}</Badge>
                    <Badge tone="info">
                      {label(subtask.primaryMeasure)} {subtask.primaryDirection === "HIGHER" ? "↑" : "↓"}
                    </Badge>
                    <Badge>{subtask.measuresShown.length} measures</Badge>
                    {subtask.archivedAt ? <Badge tone="warning">Archived</Badge> : null}
                    <span className="text-xs text-brand-700">Edit</span>
                  </span>
                </summary>
                <div className="border-t border-slate-100 px-4 py-4">
                  <SubtaskForm slug={slug} subtask={subtask} taxonomies={taxonomies} measures={measures} />
                  <div className="mt-4">
                    <RemoveTaskPart slug={slug} part="subtask" item={subtask} />
                  </div>
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
      {taxonomies.length === 0 ? (
        <p className="text-sm text-slate-600">Upload a taxonomy before defining subtasks.</p>
      ) : (
        <div className="border-t border-slate-100 pt-5">
          <h3 className="mb-3 text-sm font-semibold text-slate-900">New subtask</h3>
          <SubtaskForm slug={slug} taxonomies={taxonomies} measures={measures} />
        </div>
      )}
    </Card>
  );
}
