import { ConfirmAction } from "@/components/ui/confirm-action";
import { archiveTaskPartAction, deleteTaskPartAction } from "./task-part-actions";

/**
 * Delete (no submissions) or archive (with submissions) a subtask or phase, behind a confirmation
 * that names it. An archived one shows that it is archived instead.
 */
export function RemoveTaskPart({
  slug,
  part,
  item,
}: {
  slug: string;
  part: "subtask" | "phase";
  item: { key: string; name: string; submissions: number; archivedAt: Date | null };
}) {
  if (item.archivedAt) return null;
  const named = `the ${part} “${item.name}” (${item.key})`;
  return item.submissions === 0 ? (
    <ConfirmAction
      label={`Delete ${part}…`}
      text={`Delete ${named}? It has no submissions. It disappears from the board, the Data tab and the bundle; the audit log keeps its name. This cannot be undone.`}
      action={deleteTaskPartAction.bind(null, slug, part, item.key)}
      confirmLabel={`Yes, delete ${item.name}`}
      testId={`delete-${part}-${item.key}`}
    />
  ) : (
    <ConfirmAction
      label={`Archive ${part}…`}
      text={`Archive ${named}? It has ${item.submissions} submission${item.submissions === 1 ? "" : "s"}, so it cannot be deleted. Archived, it is hidden from the board, the Data tab and new submissions; its submissions, scores, audit log and bundle entry stay.`}
      action={archiveTaskPartAction.bind(null, slug, part, item.key)}
      confirmLabel={`Yes, archive ${item.name}`}
      testId={`archive-${part}-${item.key}`}
    />
  );
}
