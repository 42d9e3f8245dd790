import type { TaskConsole } from "@hierboard/platform";
import { ActionForm } from "@/components/ui/action-form";
import { Field, Select, TextArea, TextInput } from "@/components/ui/field";
import { defaultPrimaryMeasure, groupByFamily, type MeasureOption } from "@/lib/measure-options";
import { saveSubtaskAction } from "../actions";
import { KeyNameFields } from "./key-name-fields";
import { BOOTSTRAP_CHOICES } from "../schema";

type Subtask = TaskConsole["subtasks"][number];

/** Create (no `subtask`) or edit one subtask. */
export function SubtaskForm({
  slug,
  subtask,
  taxonomies,
  measures,
}: {
  slug: string;
  subtask?: Subtask;
  taxonomies: TaskConsole["taxonomies"];
  measures: MeasureOption[];
}) {
  const id = (name: string) => `subtask-${subtask?.key ?? "new"}-${name}`;
  const shown = new Set(subtask?.measuresShown ?? measures.filter((m) => m.defaultShown).map((m) => m.key));
  const latestTaxonomy = taxonomies[0];
  return (
    <ActionForm
      action={saveSubtaskAction.bind(null, slug, subtask?.key ?? null)}
      submitLabel={subtask ? "Save subtask" : "Create subtask"}
      resetOnSuccess={!subtask}
      testId={subtask ? `subtask-form-${subtask.key}` : "subtask-form-new"}
    >
      <KeyNameFields idOf={id} existing={subtask} keyHint="In URLs and the API, e.g. a." namePlaceholder="Subtask A: top-level genres" />
      <Field label="Description" htmlFor={id("description")} hint="Optional, markdown.">
        <TextArea id={id("description")} name="description" rows={2} defaultValue={subtask?.description} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Taxonomy" htmlFor={id("taxonomy")}>
          <Select id={id("taxonomy")} name="taxonomyVersionId" defaultValue={subtask?.taxonomyVersionId ?? latestTaxonomy?.id}>
            {taxonomies.map((t) => (
              <option key={t.id} value={t.id}>
                v{t.version} · {t.fileName}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Level cut" htmlFor={id("depth")} hint="Empty = full depth; 1 = top level only.">
          <TextInput id={id("depth")} name="maxDepth" type="number" min={1} defaultValue={subtask?.maxDepth ?? ""} />
        </Field>
        <Field label="File section" htmlFor={id("section")} hint="For GermEval two-section files.">
          <Select id={id("section")} name="section" defaultValue={subtask?.section ?? ""}>
            <option value="">Whole file</option>
            <option value="a">subtask_a</option>
            <option value="b">subtask_b</option>
          </Select>
        </Field>
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Measures shown on the board</legend>
        <div className="max-h-80 space-y-3 overflow-y-auto rounded-md border border-slate-200 p-3">
          {groupByFamily(measures).map(([family, inFamily]) => (
            <div key={family}>
              <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{family}</p>
              <div className="grid gap-x-4 gap-y-1.5 sm:grid-cols-2 lg:grid-cols-4">
                {inFamily.map((measure) => (
                  <label key={measure.key} className="flex items-center gap-2 text-sm" title={measure.key}>
                    <input
                      type="checkbox"
                      name="measuresShown[]"
                      value={measure.key}
                      defaultChecked={shown.has(measure.key)}
                      className="size-4 rounded border-slate-300 accent-brand-600"
                    />
                    <span>{measure.label}</span>
                  </label>
                ))}
              </div>
            </div>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field label="Primary measure" htmlFor={id("primary")}>
          <Select id={id("primary")} name="primaryMeasure" defaultValue={subtask?.primaryMeasure ?? defaultPrimaryMeasure(measures)?.key}>
            {measures.map((measure) => (
              <option key={measure.key} value={measure.key}>
                {measure.label} ({measure.higherIsBetter ? "higher" : "lower"} is better)
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Unknown labels" htmlFor={id("unknown")}>
          <Select id={id("unknown")} name="unknownLabels" defaultValue={subtask?.unknownLabels ?? "error"}>
            <option value="error">Reject the file</option>
            <option value="drop">Drop with a warning</option>
          </Select>
        </Field>
        <Field label="Files that lack documents" htmlFor={id("missing")}>
          <Select id={id("missing")} name="missingDocuments" defaultValue={subtask?.missingDocuments ?? "error"}>
            <option value="error">Refuse the file (no slot used)</option>
            <option value="empty">Accept, as empty predictions, with a warning</option>
          </Select>
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field label="Confidence intervals" htmlFor={id("bootstrap")} hint="95% bootstrap over documents, on the board and in exports.">
          <Select id={id("bootstrap")} name="bootstrap" defaultValue={String(subtask?.bootstrap ?? 0)}>
            {[...new Set([...BOOTSTRAP_CHOICES, subtask?.bootstrap ?? 0])].map((n) => (
              <option key={n} value={String(n)}>
                {n === 0 ? "Off" : `${n.toLocaleString("en")} resamples`}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label="Labels per document"
          htmlFor={id("labels-per-document")}
          hint="The most labels one document of a file may carry; a longer line is refused with its line number."
        >
          <TextInput
            id={id("labels-per-document")}
            name="maxLabelsPerDocument"
            type="number"
            min={1}
            max={100_000}
            required
            defaultValue={subtask?.maxLabelsPerDocument ?? 1000}
          />
        </Field>
        <div className="flex items-start gap-2 pt-6 text-sm">
          <input
            id={id("average-rank")}
            name="showAverageRank"
            type="checkbox"
            defaultChecked={subtask?.showAverageRank ?? false}
            className="mt-1"
          />
          <label htmlFor={id("average-rank")} className="text-slate-700">
            <span className="font-medium text-slate-900">Average rank</span>: a board column with each team&apos;s mean rank over the shown
            measures
          </label>
        </div>
      </div>
      <fieldset className="rounded-md border border-slate-200 p-3" data-testid={`cafa-options-${subtask?.key ?? "new"}`}>
        <legend className="px-1 text-sm font-medium text-slate-900">Predictions</legend>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Kind" htmlFor={id("predictions")} hint="Score files take CAFA measures per namespace.">
            <Select id={id("predictions")} name="predictions" defaultValue={subtask?.cafa ? "cafa" : "labels"}>
              <option value="labels">Label sets</option>
              <option value="cafa">CAFA score files (protein⇥term⇥score)</option>
            </Select>
          </Field>
          <Field label="Propagation" htmlFor={id("cafa-propagation")} hint="CAFA-evaluator's default: max.">
            <Select id={id("cafa-propagation")} name="cafaPropagation" defaultValue={subtask?.cafa?.propagation ?? "max"}>
              <option value="max">max</option>
              <option value="fill">fill</option>
            </Select>
          </Field>
          <Field label="Normalisation" htmlFor={id("cafa-normalisation")} hint="CAFA-evaluator's default: cafa.">
            <Select id={id("cafa-normalisation")} name="cafaNormalisation" defaultValue={subtask?.cafa?.normalisation ?? "cafa"}>
              <option value="cafa">cafa</option>
              <option value="gt">gt</option>
              <option value="pred">pred</option>
            </Select>
          </Field>
          <Field label="Threshold step" htmlFor={id("cafa-step")} hint="Default 0.01.">
            <TextInput
              id={id("cafa-step")}
              name="cafaThresholdStep"
              type="number"
              step="any"
              min={0.0001}
              max={0.9999}
              defaultValue={subtask?.cafa?.thresholdStep ?? 0.01}
            />
          </Field>
        </div>
        <label className="mt-3 flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="cafaExcludeRoots" defaultChecked={subtask?.cafa?.excludeRoots ?? false} />
          Leave the root terms out of the unweighted measures (CAFA-evaluator's -no_orphans)
        </label>
      </fieldset>
    </ActionForm>
  );
}
