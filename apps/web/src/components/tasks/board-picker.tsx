"use client";

import { useRouter } from "next/navigation";

interface Option {
  key: string;
  name: string;
}

/** Phase and subtask selectors; the choice lives in the URL so boards can be linked. */
export function BoardPicker({
  slug,
  phases,
  subtasks,
  phaseKey,
  subtaskKey,
  basePath,
}: {
  slug: string;
  phases: Option[];
  subtasks: Option[];
  phaseKey: string;
  subtaskKey: string;
  basePath?: string;
}) {
  const router = useRouter();
  const go = (phase: string, subtask: string) =>
    router.push(`${basePath ?? `/tasks/${slug}`}?phase=${encodeURIComponent(phase)}&subtask=${encodeURIComponent(subtask)}`);
  const selectClass =
    "rounded-md border border-slate-300 bg-white py-1.5 pl-2.5 pr-8 text-sm shadow-sm focus:border-brand-600 focus:outline-none";
  return (
    <div className="flex flex-wrap gap-2">
      <label className="sr-only" htmlFor="board-subtask">
        Subtask
      </label>
      <select id="board-subtask" className={selectClass} value={subtaskKey} onChange={(e) => go(phaseKey, e.target.value)}>
        {subtasks.map((s) => (
          <option key={s.key} value={s.key}>
            {s.name}
          </option>
        ))}
      </select>
      <label className="sr-only" htmlFor="board-phase">
        Phase
      </label>
      <select id="board-phase" className={selectClass} value={phaseKey} onChange={(e) => go(e.target.value, subtaskKey)}>
        {phases.map((p) => (
          <option key={p.key} value={p.key}>
            {p.name}
          </option>
        ))}
      </select>
    </div>
  );
}
