import type { Metadata } from "next";
import Link from "next/link";
import { listOrganisedTasks } from "@hierboard/platform";
import { requireViewer } from "@/auth/viewer";
import { ActionForm } from "@/components/ui/action-form";
import { Card, EmptyState, PageHeader } from "@/components/ui/card";
import { Field, TextArea, TextInput } from "@/components/ui/field";
import { UtcTime } from "@/components/ui/utc-time";
import { createTaskAction, importBundleAction } from "./actions";
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
            <EmptyState title="You organise no task yet">
              {viewer.role === "PARTICIPANT"
                ? "Hosting a task needs an admin's approval: ask with the request form. Once it is granted, you create tasks here."
                : "Create one with the New task form, or import a task bundle."}
            </EmptyState>
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
                <TextInput id="task-slug" name="slug" required pattern="[a-z0-9][a-z0-9\-]{1,62}" placeholder="germeval-2019-t1" />
              </Field>
              <Field label="Title" htmlFor="task-title">
                <TextInput id="task-title" name="title" required placeholder="GermEval 2019 Task 1: blurb classification" />
              </Field>
              <Field label="Description" htmlFor="task-description" hint="Markdown.">
                <TextArea id="task-description" name="description" rows={5} />
              </Field>
            </ActionForm>
            <div className="mt-6 border-t border-slate-100 pt-5" id="import-bundle">
              <h3 className="mb-1 text-sm font-semibold text-slate-900">Or import a task bundle</h3>
              <p className="mb-3 text-sm text-slate-600">
                A zip exported from a task&apos;s console (or by <code className="font-mono text-[13px]">hierboard task export</code>):
                task.yaml, the taxonomy and the gold per phase. Every file&apos;s hash is checked; nothing is stored if any part is invalid.
              </p>
              <ActionForm action={importBundleAction} submitLabel="Import bundle" pendingLabel="Importing…" testId="import-bundle">
                <Field label="Bundle (.zip)" htmlFor="bundle-file">
                  <TextInput
                    id="bundle-file"
                    name="file"
                    type="file"
                    accept=".zip,application/zip"
                    required
                    className="file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm"
                  />
                </Field>
                <Field
                  label="Slug (optional)"
                  htmlFor="bundle-slug"
                  hint="Leave empty to keep the bundle's slug; set one to run the task again, e.g. next year."
                >
                  <TextInput id="bundle-slug" name="slug" pattern="[a-z0-9][a-z0-9\-]*" placeholder="germeval-2027-t1" />
                </Field>
              </ActionForm>
            </div>
          </Card>
        )}
      </div>
    </>
  );
}
