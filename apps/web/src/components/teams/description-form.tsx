import { PAPER_URL_MAX, SYSTEM_DESCRIPTION_MAX, SYSTEM_NAME_MAX, type SystemDescription } from "@hierboard/platform";
import { ActionForm } from "@/components/ui/action-form";
import { Field, TextArea, TextInput } from "@/components/ui/field";
import type { ActionResult } from "@/server/problem";

/** Edits a system name, description and paper link (a team's or one run's). */
export function DescriptionForm({
  action,
  initial,
  idPrefix,
  submitLabel,
  testId,
}: {
  action: (state: ActionResult | null, form: FormData) => Promise<ActionResult>;
  initial: SystemDescription;
  idPrefix: string;
  submitLabel: string;
  testId: string;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <ActionForm action={action} submitLabel={submitLabel} testId={testId}>
      <Field label="System name" htmlFor={id("name")} hint="As the overview paper's table names it, e.g. BOHB_CNN.">
        <TextInput id={id("name")} name="systemName" defaultValue={initial.systemName} maxLength={SYSTEM_NAME_MAX} />
      </Field>
      <Field
        label="Description"
        htmlFor={id("description")}
        hint={`Plain text, up to ${SYSTEM_DESCRIPTION_MAX.toLocaleString("en")} characters.`}
      >
        <TextArea
          id={id("description")}
          name="systemDescription"
          rows={4}
          defaultValue={initial.systemDescription}
          maxLength={SYSTEM_DESCRIPTION_MAX}
          className="font-sans"
        />
      </Field>
      <Field label="Paper link" htmlFor={id("paper")} hint="An http:// or https:// address, e.g. the paper in the ACL Anthology.">
        <TextInput
          id={id("paper")}
          name="paperUrl"
          type="url"
          defaultValue={initial.paperUrl}
          maxLength={PAPER_URL_MAX}
          placeholder="https://"
        />
      </Field>
    </ActionForm>
  );
}
