import type { TaskFileView } from "@hierboard/platform";
import { TaskFileSummary } from "@/components/tasks/task-file-summary";
import { Card } from "@/components/ui/card";

/** The organisers' public files (starting kit, licence, …): name, kind, size, sha256, a download link each. */
export function TaskFilesCard({
  slug,
  files,
  previewToken = null,
}: {
  slug: string;
  files: readonly TaskFileView[];
  previewToken?: string | null;
}) {
  return (
    <Card
      className="mb-6"
      title="Files from the organisers"
      description="Check a download against its sha256, e.g. with sha256sum (Linux) or shasum -a 256 (macOS)."
    >
      <ul className="-my-2 divide-y divide-slate-100" data-testid="task-files">
        {files.map((file) => (
          <li key={file.id} className="min-w-0 space-y-1 py-3" data-testid="task-file" data-file-name={file.fileName}>
            <TaskFileSummary slug={slug} file={file} previewToken={previewToken} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
