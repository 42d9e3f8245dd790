"use client";

import { useEffect, useState } from "react";
import type { RescoreStatus } from "@hierboard/platform";

const POLL_MS = 1500;

/** Live counts by status while a phase's submissions are queued or scoring; polls, never reloads the page. */
export function RescoreProgress({ slug, phaseKey, initial }: { slug: string; phaseKey: string; initial: RescoreStatus }) {
  const [status, setStatus] = useState(initial);
  useEffect(() => setStatus(initial), [initial]);
  const busy = status.byStatus.QUEUED + status.byStatus.SCORING > 0;
  useEffect(() => {
    if (!busy) return;
    let cancelled = false;
    const timer = setInterval(async () => {
      const response = await fetch(`/api/tasks/${slug}/phases/${phaseKey}/rescore-status`, { cache: "no-store" }).catch(() => null);
      if (!response?.ok || cancelled) return;
      setStatus((await response.json()) as RescoreStatus);
    }, POLL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [busy, slug, phaseKey]);
  if (status.total === 0) return null;
  const { QUEUED, SCORING, SCORED, FAILED } = status.byStatus;
  const done = status.goldVersion === null ? 0 : Math.round((100 * status.onCurrentGold) / status.total);
  return (
    <div className="text-sm" data-testid={`rescore-progress-${phaseKey}`} aria-live="polite">
      <p className="text-slate-700">
        {status.onCurrentGold} of {status.total} scored against gold v{status.goldVersion ?? "–"} · queued {QUEUED} · scoring {SCORING} ·
        scored {SCORED} · failed {FAILED}
      </p>
      <div
        className="mt-1 h-1.5 w-full max-w-sm overflow-hidden rounded bg-slate-100"
        role="progressbar"
        aria-valuenow={done}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="h-full bg-brand-600" style={{ width: `${done}%` }} />
      </div>
    </div>
  );
}
