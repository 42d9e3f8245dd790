/**
 * Every date on HierBoard is shown and entered in UTC, with the zone written.
 * Form fields carry no zone, so their values are read as UTC here, never in
 * the browser's or the server's local zone.
 */

const pad = (n: number) => String(n).padStart(2, "0");

/** `2026-11-22 14:05 UTC`: the platform's one formatter, so messages and pages agree. */
export { formatUtc } from "@hierboard/platform/format-utc";

/** `2026-11-22` (the UTC calendar day). */
export function formatUtcDate(value: Date | string | number): string {
  const date = new Date(value);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The value of a UTC date-time form field: `2026-11-22 14:05`. */
export function toUtcInputValue(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return `${formatUtcDate(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

const INPUT_PATTERN = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Reads `2026-11-22 14:05` (or with a `T`, or with seconds) as a UTC instant; `null` if malformed. */
export function parseUtcInput(text: string): Date | null {
  const match = INPUT_PATTERN.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls 2026-02-31 over into March; refuse instead of guessing.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    return null;
  }
  return date;
}

const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "always" });

/** "in 3 days", "2 hours ago" (Intl.RelativeTimeFormat): coarse, for phase windows. */
export function relativeTo(value: Date | string | number, now: Date = new Date()): string {
  const diff = new Date(value).getTime() - now.getTime();
  const abs = Math.abs(diff);
  const units: [number, Intl.RelativeTimeFormatUnit][] = [
    [86_400_000, "day"],
    [3_600_000, "hour"],
    [60_000, "minute"],
  ];
  for (const [size, unit] of units) {
    if (abs >= size) return relativeFormat.format(Math.sign(diff) * Math.floor(abs / size), unit);
  }
  return diff >= 0 ? "in under a minute" : "just now";
}
