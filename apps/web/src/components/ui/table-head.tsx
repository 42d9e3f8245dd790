import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export interface HeadColumn {
  label: ReactNode;
  /** A column of numbers: right-aligned. */
  numeric?: boolean;
  /** More classes for this header cell (e.g. `whitespace-nowrap`). */
  className?: string;
}

/**
 * The header row of the site's data tables: small uppercase column names over a rule. `inset`
 * lines the first and last columns up with a card's padding (tables that run to the card's
 * edges); `gap` is the space right of every other column; `dense` for compact tables.
 */
export function TableHead({
  columns,
  inset = true,
  gap = 4,
  dense = false,
}: {
  columns: readonly HeadColumn[];
  inset?: boolean;
  gap?: 3 | 4;
  dense?: boolean;
}) {
  const last = columns.length - 1;
  return (
    <thead>
      <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
        {columns.map((column, i) => (
          <th
            // A header's columns are fixed, and a label may be an element: the position is the key.
            key={i}
            scope="col"
            className={cn(
              dense ? "py-1.5" : "py-2",
              inset && i === 0 && "pl-5",
              i < last ? (gap === 3 ? "pr-3" : "pr-4") : inset && "pr-5",
              column.numeric && "text-right",
              "font-medium",
              column.className,
            )}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
