"use client";

import { useActionState, useRef, useTransition } from "react";
import type { ActionResult } from "@/server/problem";
import { Button } from "./button";
import { IssueList } from "./issue-list";

/**
 * A form bound to a server action returning `ActionResult`. Submits through
 * onSubmit (not the `action` prop) so React does not reset the fields when
 * the server refuses the input: the user fixes what the errors name.
 */
export function ActionForm({
  action,
  submitLabel,
  pendingLabel = "Saving…",
  resetOnSuccess = false,
  children,
  className = "space-y-4",
  testId,
  submitVariant = "primary",
}: {
  action: (state: ActionResult | null, form: FormData) => Promise<ActionResult>;
  submitLabel: string;
  pendingLabel?: string;
  resetOnSuccess?: boolean;
  children: React.ReactNode;
  className?: string;
  testId?: string;
  submitVariant?: "primary" | "secondary";
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [state, dispatch, pending] = useActionState(async (previous: ActionResult | null, form: FormData) => {
    const result = await action(previous, form);
    if (result.ok && resetOnSuccess) formRef.current?.reset();
    return result;
  }, null);
  const [, startTransition] = useTransition();
  return (
    <form
      ref={formRef}
      className={className}
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        startTransition(() => dispatch(form));
      }}
    >
      {children}
      {state && !state.ok && <IssueList message={state.message} issues={state.issues} hint={state.hint} />}
      {state?.ok && state.message && (
        <p role="status" data-testid="action-success" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {state.message}
        </p>
      )}
      <Button type="submit" variant={submitVariant} disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
