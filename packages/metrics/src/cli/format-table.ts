/** Renders rows as an aligned plain-text table; numbers are right-aligned. */
export function formatTable(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = [header, ...rows].map((row) => row.map((cell) => (typeof cell === "number" ? formatNumber(cell) : cell)));
  const widths = header.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? "").length)));
  const numeric = header.map((_, i) => rows.every((row) => typeof row[i] === "number" || row[i] === ""));
  const line = (row: readonly string[]) =>
    row
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  const rule = widths.map((w) => "─".repeat(w)).join("  ");
  return [line(cells[0]!), rule, ...cells.slice(1).map(line)].join("\n") + "\n";
}

/** Integers as they are, rates to 4 decimals; an undefined measure under zeroDivision "nan" as `nan`. */
export function formatNumber(value: number): string {
  if (Number.isNaN(value)) return "nan";
  return Number.isInteger(value) ? String(value) : value.toFixed(4);
}
