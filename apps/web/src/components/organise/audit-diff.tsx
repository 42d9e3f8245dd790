import type { ReadableAudit } from "@hierboard/platform";

/** One audit entry's changes as "field: before → after" lines, then its other facts. */
export function AuditDiff({ readable }: { readable: ReadableAudit }) {
  if (readable.changes.length === 0 && readable.notes.length === 0) return null;
  return (
    <ul className="space-y-0.5" data-testid="audit-diff">
      {readable.changes.map((c) => (
        <li key={c.field}>
          <span className="font-medium text-slate-800">{c.field}</span>:{" "}
          {c.before !== undefined && <del className="text-red-700 decoration-red-300">{c.before}</del>}
          {c.before !== undefined && c.after !== undefined && " → "}
          {c.after !== undefined && <ins className="text-emerald-800 no-underline">{c.after}</ins>}
        </li>
      ))}
      {readable.notes.map((n) => (
        <li key={n.key}>
          <span className="text-slate-500">{n.key}</span>: {n.value}
        </li>
      ))}
    </ul>
  );
}
