import { TASK_FILE_KIND_LABELS, TASK_FILE_KINDS, type TaskConsole } from "@hierboard/platform";
import { TaskFileSummary } from "@/components/tasks/task-file-summary";
import { ActionForm } from "@/components/ui/action-form";
import { Card, EmptyState } from "@/components/ui/card";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { Field, Select, TextInput } from "@/components/ui/field";
import { UtcTime } from "@/components/ui/utc-time";
import { formatBytes } from "@/lib/format-score";
import { attachTaskFileAction, removeTaskFileAction, replaceTaskFileAction } from "./files-actions";

const fileInputClass = "file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm";

/** Public files (starting kit, licence, data description, baseline code) for the Data & format tab. */
export function FilesSection({
  slug,
  files,
  phases,
  limitBytes,
}: {
  slug: string;
  files: TaskConsole["files"];
  phases: TaskConsole["phases"];
  limitBytes: number;
}) {
  return (
    <Card
      id="files"
      title="Public files"
      description="Files every visitor of the task can download from its Data & format tab, with their size and sha256: a starting kit, the licence, a description of the data, baseline code. They travel in the task's bundle."
    >
      {files.length === 0 ? (
        <div className="mb-5">
          <EmptyState title="No public files yet" />
        </div>
      ) : (
        <ul className="mb-6 divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="organiser-task-files">
          {files.map((file) => (
            <li key={file.id} className="min-w-0 space-y-2 px-4 py-3" data-file-name={file.fileName}>
              <TaskFileSummary slug={slug} file={file}>
                {" "}
                · updated <UtcTime value={file.updatedAt} />
              </TaskFileSummary>
              <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
                <details className="rounded-md bg-slate-50 px-3 py-2 text-sm sm:flex-1">
                  <summary className="cursor-pointer font-medium text-brand-700">Replace…</summary>
                  <div className="pt-2">
                    <ActionForm
                      action={replaceTaskFileAction.bind(null, slug, file.id)}
                      submitLabel="Replace the file"
                      pendingLabel="Uploading…"
                      resetOnSuccess
                      className="space-y-2"
                    >
                      <Field
                        label={`New file for “${file.name}”`}
                        htmlFor={`replace-${file.id}`}
                        hint="Keeps the display name, kind and phase; the download name becomes the new file's."
                      >
                        <TextInput id={`replace-${file.id}`} name="file" type="file" required className={fileInputClass} />
                      </Field>
                    </ActionForm>
                  </div>
                </details>
                <div className="sm:flex-1">
                  <ConfirmAction
                    label="Remove…"
                    text={`Participants can no longer download “${file.name}” (${file.fileName}, sha256 ${file.sha256.slice(0, 12)}…). The audit log keeps its name and hash; the bytes are gone.`}
                    action={removeTaskFileAction.bind(null, slug, file.id, file.sha256)}
                    confirmLabel={`Yes, remove ${file.fileName}`}
                  />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ActionForm
        action={attachTaskFileAction.bind(null, slug)}
        submitLabel="Attach file"
        pendingLabel="Uploading…"
        resetOnSuccess
        testId="attach-task-file"
      >
        <div className="grid gap-4 md:grid-cols-2">
          <Field
            label="File"
            htmlFor="task-file"
            hint={`Any kind of file, up to ${formatBytes(limitBytes)}. Its name is the download name: no paths, hidden files or invisible characters.`}
          >
            <TextInput id="task-file" name="file" type="file" required className={fileInputClass} />
          </Field>
          <Field label="Display name" htmlFor="task-file-name" hint="Shown on the Data & format tab; empty: the file name.">
            <TextInput id="task-file-name" name="name" maxLength={120} placeholder="Starting kit (Python)" />
          </Field>
          <Field label="Kind" htmlFor="task-file-kind">
            <Select id="task-file-kind" name="kind" defaultValue="STARTING_KIT">
              {TASK_FILE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {TASK_FILE_KIND_LABELS[kind]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Phase" htmlFor="task-file-phase" hint="Tie the file to one phase, e.g. the test data's description.">
            <Select id="task-file-phase" name="phaseKey" defaultValue="">
              <option value="">The whole task</option>
              {phases.map((phase) => (
                <option key={phase.key} value={phase.key}>
                  {phase.name}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </ActionForm>
    </Card>
  );
}
