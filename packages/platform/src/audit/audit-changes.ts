export interface AuditChange {
  field: string;
  /** Display text; undefined when the entry did not record that side. */
  before?: string;
  after?: string;
}

export interface ReadableAudit {
  /** Fields that changed (before → after); fields equal on both sides are left out. */
  changes: AuditChange[];
  /** Other recorded facts, ids replaced by names. */
  notes: { key: string; value: string }[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function show(value: unknown): string {
  if (value === null || value === undefined) return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string")
    return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(value) ? `${value.slice(0, 16).replace("T", " ")} UTC` : value;
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map(show).join(", ");
  return JSON.stringify(value);
}

/**
 * An audit entry's details as a readable diff: `before`/`after` objects become one line per changed
 * field; other keys become notes, with ids (`teamId`, `ownerId`, `taskId`, …) replaced by the names
 * in `names` when known.
 */
export function readableAudit(details: unknown, names: ReadonlyMap<string, string> = new Map()): ReadableAudit {
  if (!isRecord(details)) return { changes: [], notes: [] };
  const before = isRecord(details.before) ? details.before : undefined;
  const after = isRecord(details.after) ? details.after : undefined;
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const b = before && field in before ? show(before[field]) : undefined;
    const a = after && field in after ? show(after[field]) : undefined;
    if (b !== undefined && a !== undefined && a === b) continue;
    changes.push({ field, ...(b !== undefined ? { before: b } : {}), ...(a !== undefined ? { after: a } : {}) });
  }
  const notes = Object.entries(details)
    .filter(([key]) => key !== "before" && key !== "after")
    .map(([key, value]) => {
      const named = typeof value === "string" && key.endsWith("Id") ? names.get(value) : undefined;
      return named ? { key: key.slice(0, -2), value: named } : { key, value: show(value) };
    });
  return { changes, notes };
}
