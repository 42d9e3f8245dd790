import type { TaskConsole } from "@hierboard/platform";
import { ActionForm } from "@/components/ui/action-form";
import { Field, Select, TextInput } from "@/components/ui/field";
import { savePhaseAction } from "../actions";
import { KeyNameFields } from "./key-name-fields";
import { PhaseCampaignFields } from "./phase-campaign-fields";
import { UtcInput } from "./utc-input";

type Phase = TaskConsole["phases"][number];

/** Create (no `phase`) or edit a phase. Times are entered and shown in UTC. */
export function PhaseForm({ slug, phase }: { slug: string; phase?: Phase }) {
  const id = (name: string) => `phase-${phase?.key ?? "new"}-${name}`;
  return (
    <ActionForm
      action={savePhaseAction.bind(null, slug, phase?.key ?? null)}
      submitLabel={phase ? "Save phase" : "Create phase"}
      resetOnSuccess={!phase}
      testId={phase ? `phase-form-${phase.key}` : "phase-form-new"}
    >
      <KeyNameFields idOf={id} existing={phase} keyHint="e.g. dev or test." namePlaceholder="Test phase" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Starts (UTC)" htmlFor={id("start")} hint="YYYY-MM-DD HH:MM in UTC, not your local time.">
          <UtcInput id={id("start")} name="startsAt" value={phase?.startsAt} required />
        </Field>
        <Field label="Ends (UTC)" htmlFor={id("end")} hint="UTC; submissions close at this instant.">
          <UtcInput id={id("end")} name="endsAt" value={phase?.endsAt} required />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field label="Board" htmlFor={id("visibility")}>
          <Select id={id("visibility")} name="visibility" defaultValue={phase?.visibility ?? "PUBLIC"}>
            <option value="PUBLIC">Public during the phase</option>
            <option value="PRIVATE">Hidden until the end</option>
          </Select>
        </Field>
        <Field label="Counts" htmlFor={id("rule")}>
          <Select id={id("rule")} name="rule" defaultValue={phase?.rule ?? "BEST"}>
            <option value="BEST">Best submission</option>
            <option value="LAST">Last submission</option>
          </Select>
        </Field>
        <Field label="Per UTC day" htmlFor={id("daily")} hint="Empty = no limit.">
          <TextInput id={id("daily")} name="dailyLimit" type="number" min={1} defaultValue={phase?.dailyLimit ?? ""} />
        </Field>
        <Field label="In total" htmlFor={id("total")} hint="Empty = no limit.">
          <TextInput id={id("total")} name="totalLimit" type="number" min={1} defaultValue={phase?.totalLimit ?? ""} />
        </Field>
      </div>
      <PhaseCampaignFields idPrefix={id("")} phase={phase} />
    </ActionForm>
  );
}
