import type { TaskConsole } from "@hierboard/platform";
import { Field, Select, TextInput } from "@/components/ui/field";
import { UtcInput } from "./utc-input";

type Phase = TaskConsole["phases"][number];

/** A phase's campaign settings: blind mode, final runs and how they rank, the public/private split, and the end-date guard's confirmation. */
export function PhaseCampaignFields({ idPrefix, phase }: { idPrefix: string; phase?: Phase }) {
  const id = (name: string) => `${idPrefix}${name}`;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <div className="flex items-start gap-2 pt-6 text-sm">
        <input id={id("blind")} name="blind" type="checkbox" defaultChecked={phase?.blind ?? false} className="mt-1" />
        <label htmlFor={id("blind")} className="text-slate-700">
          <span className="font-medium text-slate-900">Blind</span>: teams see “scored” without values until you publish the results
        </label>
      </div>
      <Field label="Selected runs that count" htmlFor={id("final-runs")} hint="Empty = the rule above picks one run a team.">
        <TextInput id={id("final-runs")} name="finalRuns" type="number" min={1} max={100} defaultValue={phase?.finalRuns ?? ""} />
      </Field>
      <Field label="Board with selected runs" htmlFor={id("final-board")}>
        <Select id={id("final-board")} name="finalRunsBoard" defaultValue={phase?.finalRunsBoard ?? "RUNS"}>
          <option value="RUNS">One row a selected run</option>
          <option value="TEAM_BEST">A team&apos;s best selected run</option>
        </Select>
      </Field>
      <Field
        label="System descriptions close (UTC)"
        htmlFor={id("descriptions-close")}
        hint="Teams edit their system descriptions and paper links until then. Empty = no deadline."
      >
        <UtcInput id={id("descriptions-close")} name="descriptionsCloseAt" value={phase?.descriptionsCloseAt} />
      </Field>
      <Field
        label="Public part of the test set (%)"
        htmlFor={id("public-fraction")}
        hint="Empty = no split. Teams see scores on this share until the phase ends, then the ranking on the rest."
      >
        <TextInput
          id={id("public-fraction")}
          name="publicFraction"
          type="number"
          min={1}
          max={99}
          step="any"
          defaultValue={phase?.publicFraction == null ? "" : Math.round(phase.publicFraction * 1000) / 10}
        />
      </Field>
      {phase && (
        <Field
          label="And invalidate later submissions"
          htmlFor={id("invalidate")}
          hint="Only when moving the end before existing submissions: type their number to confirm."
        >
          <TextInput id={id("invalidate")} name="invalidateLater" type="number" min={1} />
        </Field>
      )}
    </div>
  );
}
