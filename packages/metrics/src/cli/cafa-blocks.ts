import type { FamilyResult } from "../scoring/measure-family.ts";
import { formatTable } from "./format-table.ts";

/** The cafa family as one table per namespace: its status and every single-number measure (the curves are in --json). */
export function cafaBlocks(cafa: FamilyResult): string {
  const namespaces = (cafa.namespaces ?? {}) as Record<string, Record<string, unknown>>;
  return Object.entries(namespaces)
    .map(([root, measures]) => {
      const rows = Object.entries(measures)
        .filter(([, value]) => typeof value === "number")
        .map(([key, value]) => [`cafa ${key}`, value as number] as const);
      return `\nnamespace ${root}: ${measures.status}\n` + (rows.length > 0 ? formatTable(["measure", "value"], rows) : "");
    })
    .join("");
}
