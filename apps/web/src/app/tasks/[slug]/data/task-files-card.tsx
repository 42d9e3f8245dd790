import { TASK_FILE_KIND_LABELS, type TaskFileView } from "@hierboard/platform";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { FileName } from "@/components/ui/file-name";
import { formatBytes } from "@/lib/format-score";

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
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <a
                href={`/api/tasks/${slug}/files/${file.id}${previewToken ? `?preview=${encodeURIComponent(previewToken)}` : ""}`}
                download
                className="min-w-0 break-words font-medium text-brand-700 hover:underline"
                aria-label={`Download ${file.name} (${formatBytes(file.sizeBytes)})`}
              >
                {file.name}
              </a>
              <Badge>{TASK_FILE_KIND_LABELS[file.kind]}</Badge>
              {file.phase && <Badge tone="info">{file.phase.name}</Badge>}
            </div>
            <p className="text-xs text-slate-600">
              <span className="font-mono">
                <FileName name={file.fileName} />
              </span>{" "}
              · <span title={`${file.sizeBytes.toLocaleString("en")} bytes`}>{formatBytes(file.sizeBytes)}</span>
            </p>
            <p className="break-all font-mono text-xs leading-5 text-slate-500">
              <span className="select-none">sha256 </span>
              <span data-testid="task-file-sha256">{file.sha256}</span>
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
