import type { TaskConsole } from "@hierboard/platform";
import { ActionForm } from "@/components/ui/action-form";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { setTaskStatusAction } from "../actions";

const statusText = {
  DRAFT: "Draft: only the organisers and whoever has the preview link can see it.",
  PUBLISHED: "Published: listed on the home page; teams can register and submit.",
  ARCHIVED: "Archived: still readable by its address, off the home page, closed to new teams and submissions.",
} as const;

/** Draft → published → archived, the secret preview link, and what publishing still needs. */
export function LifecycleSection({ task, missing, origin }: { task: TaskConsole["task"]; missing: string[]; origin: string }) {
  const previewUrl = `${origin}/tasks/${task.slug}?preview=${task.previewToken}`;
  return (
    <Card id="lifecycle" title="Status" description={statusText[task.status]} actions={<Badge>{task.status.toLowerCase()}</Badge>}>
      <div className="space-y-4 text-sm" data-testid="lifecycle">
        {task.status === "DRAFT" && (
          <div>
            <p className="font-medium text-slate-800">Secret preview link</p>
            <p className="text-slate-600">Anyone with this link sees the draft without signing in. Share it with reviewers only.</p>
            <code
              data-testid="preview-link"
              className="mt-1 block break-all rounded bg-slate-100 px-2 py-1 font-mono text-xs text-slate-800"
            >
              {previewUrl}
            </code>
          </div>
        )}
        {task.status !== "PUBLISHED" && missing.length > 0 && (
          <div data-testid="publish-missing">
            <p className="font-medium text-slate-800">Before publishing, add:</p>
            <ul className="ml-5 list-disc text-slate-700">
              {missing.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        )}
        <div className="flex flex-wrap gap-3">
          {task.status !== "PUBLISHED" && (
            <ActionForm
              action={setTaskStatusAction.bind(null, task.slug, "PUBLISHED")}
              submitLabel="Publish task"
              pendingLabel="Publishing…"
              className="space-y-2"
            >
              {null}
            </ActionForm>
          )}
          {task.status === "PUBLISHED" && (
            <ActionForm
              action={setTaskStatusAction.bind(null, task.slug, "ARCHIVED")}
              submitLabel="Archive task"
              pendingLabel="Archiving…"
              submitVariant="secondary"
              className="space-y-2"
            >
              {null}
            </ActionForm>
          )}
          {task.status !== "DRAFT" && (
            <ActionForm
              action={setTaskStatusAction.bind(null, task.slug, "DRAFT")}
              submitLabel="Back to draft"
              pendingLabel="Saving…"
              submitVariant="secondary"
              className="space-y-2"
            >
              {null}
            </ActionForm>
          )}
        </div>
      </div>
    </Card>
  );
}
