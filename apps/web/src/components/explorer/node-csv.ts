import type { NodeRow } from "@hierboard/platform";

const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The table's rows as CSV (one line per node; the difference column when comparing). */
export function nodesCsv(rows: readonly NodeRow[], difference?: (row: NodeRow) => number | null): string {
  const head = ["label", "depth", "parents", "support", "predicted", "tp", "fp", "fn", "precision", "recall", "f1", "error_share"];
  const lines = rows.map((r) =>
    [
      quote(r.label),
      r.depth,
      quote(r.parents.map((p) => p ?? "(top)").join("|")),
      r.support,
      r.predicted,
      r.tp,
      r.fp,
      r.fn,
      r.precision ?? "",
      r.recall ?? "",
      r.f1 ?? "",
      r.errorShare,
      ...(difference ? [difference(r) ?? ""] : []),
    ].join(","),
  );
  return [[...head, ...(difference ? ["f1_difference"] : [])].join(","), ...lines].join("\n") + "\n";
}
