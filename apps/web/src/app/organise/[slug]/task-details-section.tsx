import type { TaskConsole } from "@hierboard/platform";
import { ActionForm } from "@/components/ui/action-form";
import { Card } from "@/components/ui/card";
import { Field, TextArea, TextInput } from "@/components/ui/field";
import { updateTaskAction } from "../actions";

export function TaskDetailsSection({ task }: { task: TaskConsole["task"] }) {
  return (
    <Card id="details" title="Details" description="The title and the markdown description shown on the public task page.">
      <ActionForm action={updateTaskAction.bind(null, task.slug)} submitLabel="Save details">
        <Field label="Title" htmlFor="title">
          <TextInput id="title" name="title" defaultValue={task.title} required />
        </Field>
        <Field label="Description" htmlFor="description" hint="Markdown: headings, lists, links and code are rendered; raw HTML is not.">
          <TextArea id="description" name="description" rows={8} defaultValue={task.description} />
        </Field>
      </ActionForm>
    </Card>
  );
}
