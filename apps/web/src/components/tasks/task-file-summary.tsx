import { TASK_FILE_KIND_LABELS, type TaskFileView } from "@hierboard/platform";
import { Badge } from "@/components/ui/badge";
import { FileName } from "@/components/ui/file-name";
import { formatBytes } from "@/lib/format-score";

/**
 * One public task file as the organiser console and the Data & format tab both show it: the
 * download link with its kind and phase, the file name and size, and the sha256 to check it by.
 * `children` follow the size on its line (the console adds when the file was updated).
 */
export function TaskFileSummary({
  slug,
  file,
  previewToken = null,
  children,
}: {
  slug: string;
  file: TaskFileView;
  previewToken?: string | null;
  children?: React.ReactNode;
}) {
  return (
    <>
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
        {children}
      </p>
      <p className="break-all font-mono text-xs leading-5 text-slate-500">
        <span className="select-none">sha256 </span>
        <span data-testid="task-file-sha256">{file.sha256}</span>
      </p>
    </>
  );
}
