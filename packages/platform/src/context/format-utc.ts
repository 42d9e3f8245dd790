const pad = (n: number) => String(n).padStart(2, "0");

/** `2026-11-22 14:05 UTC`: how the whole UI writes an instant, messages included. */
export function formatUtc(value: Date | string | number): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "—";
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}
