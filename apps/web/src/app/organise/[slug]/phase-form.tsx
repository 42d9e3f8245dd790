import type { TaskConsole } from "@hierboard/platform";
import { ActionForm } from "@/components/ui/action-form";
import { Field, Select, TextInput } from "@/components/ui/field";
import { toUtcInputValue } from "@/lib/utc";
import { savePhaseAction } from "../actions";
import { PhaseCampaignFields } from "./phase-campaign-fields";

type Phase = TaskConsole["phases"][number];

// A text field, not datetime-local: browsers show that in the local zone's
// conventions (e.g. 12-hour clocks), which invites entering local time.
const utcInputProps = {
  type: "text",
  inputMode: "numeric",
  placeholder: "2026-12-01 00:00",
  pattern: "\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}",
  required: true,
  className: "font-mono",
} as const;

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
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Key" htmlFor={id("key")} hint="e.g. dev or test.">
          <TextInput id={id("key")} name="key" defaultValue={phase?.key} required readOnly={phase !== undefined} />
        </Field>
        <div className="sm:col-span-2">
          <Field label="Name" htmlFor={id("name")}>
            <TextInput id={id("name")} name="name" defaultValue={phase?.name} required placeholder="Test phase" />
          </Field>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Starts (UTC)" htmlFor={id("start")} hint="YYYY-MM-DD HH:MM in UTC, not your local time.">
          <TextInput id={id("start")} name="startsAt" {...utcInputProps} defaultValue={toUtcInputValue(phase?.startsAt)} />
        </Field>
        <Field label="Ends (UTC)" htmlFor={id("end")} hint="UTC; submissions close at this instant.">
          <TextInput id={id("end")} name="endsAt" {...utcInputProps} defaultValue={toUtcInputValue(phase?.endsAt)} />
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
