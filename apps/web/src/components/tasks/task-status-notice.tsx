/** Says on a task page that the task is a draft preview or archived; nothing for a published task. */
export function TaskStatusNotice({ status }: { status: "DRAFT" | "PUBLISHED" | "ARCHIVED" }) {
  if (status === "PUBLISHED") return null;
  const text =
    status === "DRAFT"
      ? "Draft preview: this task is not published yet. Only its organisers and holders of the preview link see this page."
      : "Archived: this task is closed. Its boards stay readable; it takes no new teams or submissions.";
  return (
    <p
      role="note"
      data-testid="task-status-notice"
      className="mb-6 rounded-md border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
    >
      {text}
    </p>
  );
}
