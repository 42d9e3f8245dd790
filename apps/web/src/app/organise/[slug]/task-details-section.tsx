import type { TaskConsole } from "@hierboard/platform";
import { ActionForm } from "@/components/ui/action-form";
import { Card } from "@/components/ui/card";
import { Field, TextArea, TextInput } from "@/components/ui/field";
import { addOwnerAction, updateTaskAction } from "../actions";

export function TaskDetailsSection({ task, owners }: { task: TaskConsole["task"]; owners: TaskConsole["owners"] }) {
  return (
    <Card id="details" title="Details" description="The title and the markdown description shown on the public task page.">
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <ActionForm action={updateTaskAction.bind(null, task.slug)} submitLabel="Save details">
            <Field label="Title" htmlFor="title">
              <TextInput id="title" name="title" defaultValue={task.title} required />
            </Field>
            <Field
              label="Description"
              htmlFor="description"
              hint="Markdown: headings, lists, links and code are rendered; raw HTML is not."
            >
              <TextArea id="description" name="description" rows={8} defaultValue={task.description} />
            </Field>
          </ActionForm>
        </div>
        <div className="min-w-0">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Organisers</h3>
          <ul className="mb-4 space-y-1.5 text-sm">
            {owners.map((owner) => (
              <li key={owner.id}>
                <span className="font-medium text-slate-800">{owner.name}</span>
                <span className="block text-xs text-slate-500">{owner.email}</span>
              </li>
            ))}
          </ul>
          <ActionForm action={addOwnerAction.bind(null, task.slug)} submitLabel="Add organiser" pendingLabel="Adding…" resetOnSuccess>
            <Field label="Co-organiser's email" htmlFor="owner-email" hint="Their account must be an organiser account.">
              <TextInput id="owner-email" name="email" type="email" required />
            </Field>
          </ActionForm>
        </div>
      </div>
    </Card>
  );
}
