"use client";

import { ActionForm } from "@/components/ui/action-form";
import { requeueStuckScoringAction } from "./actions";

export function RequeueButton({ submissionId }: { submissionId: string }) {
  return (
    <ActionForm
      action={requeueStuckScoringAction}
      submitLabel="Re-queue"
      pendingLabel="Re-queueing…"
      submitVariant="secondary"
      className="space-y-2"
      testId={`requeue-${submissionId}`}
    >
      <input type="hidden" name="submissionId" value={submissionId} />
    </ActionForm>
  );
}
