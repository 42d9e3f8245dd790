"use client";

import { useState, useTransition } from "react";
import { setNotificationAction } from "./actions";

export interface NotificationSwitch {
  kind: string;
  /** The heading it is listed under; switches arrive in the order of their groups. */
  group: string;
  label: string;
  description: string;
  enabled: boolean;
}

/** The switches under their group's heading, groups in the order they first appear. */
function byGroup(switches: NotificationSwitch[]): { group: string; switches: NotificationSwitch[] }[] {
  const groups: { group: string; switches: NotificationSwitch[] }[] = [];
  for (const s of switches) {
    const last = groups.at(-1);
    if (last?.group === s.group) last.switches.push(s);
    else groups.push({ group: s.group, switches: [s] });
  }
  return groups;
}

/** One checkbox per kind of mail, under headings; each change is saved at once and the answer shown beside it. */
export function NotificationSwitches({ switches }: { switches: NotificationSwitch[] }) {
  const [pending, startTransition] = useTransition();
  const [answer, setAnswer] = useState<{ kind: string; ok: boolean; message: string } | null>(null);
  return (
    <div className="gap-8 sm:columns-2" data-testid="notification-switches">
      {byGroup(switches).map(({ group, switches: inGroup }) => (
        <fieldset key={group} className="mb-5 min-w-0 break-inside-avoid">
          <legend className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{group}</legend>
          <ul className="space-y-3">
            {inGroup.map((s) => (
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
        </fieldset>
      ))}
    </div>
  );
}
