/** A phase shows a live countdown once it closes within this window. */
export const COUNTDOWN_WINDOW_MS = 48 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The time left until `endsAt`, as `HH:MM:SS` (hours up to 48), or `null`
 * when the end is more than 48 hours away or already past.
 */
export function countdownText(endsAt: Date | string | number, now: Date = new Date()): string | null {
  const left = new Date(endsAt).getTime() - now.getTime();
  if (!(left > 0) || left > COUNTDOWN_WINDOW_MS) return null;
  const seconds = Math.floor(left / 1000);
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}
