"use client";

import { useState, useTransition } from "react";
import { setNotificationAction } from "./actions";

export interface NotificationSwitch {
  kind: string;
  label: string;
  description: string;
  enabled: boolean;
}

/** One checkbox per kind of mail; each change is saved at once and the answer shown beside it. */
export function NotificationSwitches({ switches }: { switches: NotificationSwitch[] }) {
  const [pending, startTransition] = useTransition();
  const [answer, setAnswer] = useState<{ kind: string; ok: boolean; message: string } | null>(null);
  return (
    <ul className="space-y-3" data-testid="notification-switches">
      {switches.map((s) => (
        <li key={s.kind} className="flex items-start gap-3">
          <input
            id={`notify-${s.kind}`}
            type="checkbox"
            defaultChecked={s.enabled}
            disabled={pending}
            className="mt-1 h-4 w-4 shrink-0 rounded border-slate-300"
            onChange={(event) => {
              const enabled = event.currentTarget.checked;
              startTransition(async () => {
                const result = await setNotificationAction({ kind: s.kind, enabled });
                setAnswer({ kind: s.kind, ok: result.ok, message: result.message ?? "" });
              });
            }}
          />
          <label htmlFor={`notify-${s.kind}`} className="min-w-0 text-sm">
            <span className="font-medium text-slate-900">{s.label}</span>
            <span className="block text-slate-600">{s.description}</span>
            {answer?.kind === s.kind && (
              <span role="status" className={answer.ok ? "block text-brand-700" : "block text-red-700"}>
                {answer.message}
              </span>
            )}
          </label>
        </li>
      ))}
    </ul>
  );
}
