import { ActionForm } from "./action-form";

/**
 * A consequential action behind a confirmation: the summary opens a note that says what will
 * happen, and only the button under it acts.
 */
export function ConfirmAction({
  label,
  text,
  action,
  confirmLabel,
  testId,
}: {
  label: string;
  text: string;
  action: Parameters<typeof ActionForm>[0]["action"];
  confirmLabel: string;
  testId?: string;
}) {
  return (
    <details className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm" data-testid={testId}>
      <summary className="cursor-pointer font-medium text-amber-900">{label}</summary>
      <div className="pt-2">
        <ActionForm action={action} submitLabel={confirmLabel} pendingLabel="Working…" className="space-y-2">
          <p role="note" className="text-amber-900">
            {text}
          </p>
        </ActionForm>
      </div>
    </details>
  );
}
