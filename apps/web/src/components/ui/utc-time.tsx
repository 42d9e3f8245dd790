import { formatUtc } from "@/lib/utc";

/** A machine-readable <time> showing the UTC wall clock with the zone written. */
export function UtcTime({ value }: { value: Date | string | null | undefined }) {
  if (value === null || value === undefined) return <span className="text-slate-400">—</span>;
  const date = new Date(value);
  return (
    <time dateTime={date.toISOString()} className="tabular whitespace-nowrap">
      {formatUtc(date)}
    </time>
  );
}
