import { apiRequest } from "./api-client.ts";
import type { ClientConfig } from "./client-config.ts";
import { formatScore } from "./terminal.ts";

export interface SubmissionStatus {
  id: string;
  status: "QUEUED" | "SCORING" | "SCORED" | "FAILED";
  errorMessage: string | null;
  primaryMeasure: string;
  primaryValue: number | null;
  scoresHidden: boolean;
  finishedAt: string | null;
}

export function fetchStatus(config: ClientConfig, id: string): Promise<SubmissionStatus> {
  return apiRequest<{ submission: SubmissionStatus }>(config, `/api/submissions/${encodeURIComponent(id)}/status`).then(
    (body) => body.submission,
  );
}

export function isFinished(status: SubmissionStatus): boolean {
  return status.status === "SCORED" || status.status === "FAILED";
}

/** One line: the state and, once scored, the primary score (or why it is not shown). */
export function statusLine(status: SubmissionStatus): string {
  if (status.status === "FAILED") return `${status.id}: FAILED: ${status.errorMessage ?? "no reason given"}`;
  if (status.status !== "SCORED") return `${status.id}: ${status.status}`;
  if (status.scoresHidden) return `${status.id}: SCORED (scores hidden until the organisers publish the results)`;
  return `${status.id}: SCORED ${status.primaryMeasure} = ${formatScore(status.primaryValue)}`;
}

/** Polls until the submission is scored or failed, or the deadline passes (then the last state). */
export async function waitForStatus(
  config: ClientConfig,
  id: string,
  options: { timeoutMs: number; intervalMs: number; onChange?: (status: SubmissionStatus) => void },
): Promise<{ status: SubmissionStatus; timedOut: boolean }> {
  const deadline = Date.now() + options.timeoutMs;
  let last = "";
  for (;;) {
    const status = await fetchStatus(config, id);
    if (status.status !== last) options.onChange?.(status);
    last = status.status;
    if (isFinished(status)) return { status, timedOut: false };
    if (Date.now() >= deadline) return { status, timedOut: true };
    await new Promise((resolve) => setTimeout(resolve, Math.min(options.intervalMs, Math.max(0, deadline - Date.now()))));
  }
}
