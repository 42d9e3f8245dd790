import type { Metadata } from "next";
import Link from "next/link";
import { listOrganisedTasks } from "@hierboard/platform";
import { requireViewer } from "@/auth/viewer";
import { ActionForm } from "@/components/ui/action-form";
import { Card, EmptyState, PageHeader } from "@/components/ui/card";
import { Field, TextArea, TextInput } from "@/components/ui/field";
import { UtcTime } from "@/components/ui/utc-time";
import { createTaskAction } from "./actions";
import { HostRequestForm } from "./host-request-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Organise" };

export default async function OrganisePage() {
  const viewer = await requireViewer("/organise");
  const tasks = await listOrganisedTasks({ userId: viewer.id });
  return (
    <>
      <PageHeader
        eyebrow="Organiser console"
        title="Your tasks"
        description="Host a shared task: upload a taxonomy and gold labels, define subtasks and phases, and open it to teams."
      />
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <Card title="Tasks you organise" className="lg:col-span-3">
          {tasks.length === 0 ? (
            <EmptyState title="You organise no task yet">Create one with the form.</EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100">
              {tasks.map((task) => (
                <li key={task.slug} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <div>
                    <Link href={`/organise/${task.slug}`} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                      {task.title}
                    </Link>
                    <p className="font-mono text-xs text-slate-500">{task.slug}</p>
                  </div>
                  <p className="text-xs text-slate-500">
                    Created <UtcTime value={task.createdAt} />
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>
        {viewer.role === "PARTICIPANT" ? (
          <Card title="New task" className="lg:col-span-2">
            <HostRequestForm />
          </Card>
        ) : (
          <Card title="New task" className="lg:col-span-2">
            <ActionForm action={createTaskAction} submitLabel="Create task" pendingLabel="Creating…" testId="create-task">
              <Field label="Slug" htmlFor="task-slug" hint="Used in URLs and the API, e.g. germeval-2019-t1.">
                <TextInput id="task-slug" name="slug" required pattern="[a-z0-9][a-z0-9\-]*" placeholder="germeval-2019-t1" />
              </Field>
              <Field label="Title" htmlFor="task-title">
                <TextInput id="task-title" name="title" required placeholder="GermEval 2019 Task 1: blurb classification" />
              </Field>
              <Field label="Description" htmlFor="task-description" hint="Markdown.">
                <TextArea id="task-description" name="description" rows={5} />
              </Field>
            </ActionForm>
          </Card>
        )}
      </div>
    </>
  );
}
