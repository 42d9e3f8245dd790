import type { Issue } from "@/server/problem";

/** Line-numbered file errors or named form-field errors, as a readable list. */
export function IssueList({ message, issues, hint }: { message: string; issues: Issue[]; hint?: string }) {
  const shown = issues.slice(0, 50);
  // A file refusal's message repeats its first issue as "file:line: …"; the list says it better.
  const fileIssues = issues.filter((issue) => issue.line !== undefined || issue.file !== undefined).length;
  const headline =
    fileIssues > 0
      ? `The file was refused (${issues.length} problem${issues.length === 1 ? "" : "s"}). Nothing was stored or queued.`
      : message;
  return (
    <div role="alert" data-testid="issue-list" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
      <p className="font-medium">{headline}</p>
      {shown.length > 0 && (
        <ul className="mt-2 space-y-1 font-mono text-[13px]">
          {shown.map((issue, index) => (
            <li key={index} className="flex gap-3">
              {issue.line !== undefined ? (
                <span className="shrink-0 rounded bg-red-100 px-1.5 text-red-800">line {issue.line}</span>
              ) : issue.field ? (
                <span className="shrink-0 rounded bg-red-100 px-1.5 text-red-800">{issue.field}</span>
              ) : null}
              <span className="break-words">{issue.message}</span>
            </li>
          ))}
        </ul>
      )}
      {issues.length > shown.length && <p className="mt-2 text-xs text-red-800">…and {issues.length - shown.length} more.</p>}
      {hint && (
        <p data-testid="issue-hint" className="mt-2 text-red-900">
          <span className="font-medium">Hint:</span> {hint}
        </p>
      )}
    </div>
  );
}
