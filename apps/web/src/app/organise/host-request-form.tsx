import { ActionForm } from "@/components/ui/action-form";
import { Field, TextArea } from "@/components/ui/field";
import { requestToHostAction } from "../admin/users/actions";

/** A participant asks the admins for the right to host tasks. */
export function HostRequestForm() {
  return (
    <ActionForm action={requestToHostAction} submitLabel="Request to host" pendingLabel="Sending…" testId="request-to-host">
      <p className="text-sm text-slate-600">Creating tasks needs the right to host them, which an administrator grants.</p>
      <Field
        label="Which task do you want to host?"
        htmlFor="host-message"
        hint="A sentence or two: the shared task, your group, the dates."
      >
        <TextArea id="host-message" name="message" rows={4} required minLength={10} />
      </Field>
    </ActionForm>
  );
}
