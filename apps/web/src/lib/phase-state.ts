export type PhaseState = "upcoming" | "open" | "closed";

/** A phase is open on [startsAt, endsAt): the end instant itself is closed. */
export function phaseState(startsAt: string | Date, endsAt: string | Date, now: Date = new Date()): PhaseState {
  const t = now.getTime();
  if (t < new Date(startsAt).getTime()) return "upcoming";
  if (t < new Date(endsAt).getTime()) return "open";
  return "closed";
}

/**
 * The phase a board shows when none is asked for: the open one (the latest
 * to start, if several), else the most recently ended, else the first.
 */
export function defaultPhase<P extends { startsAt: string | Date; endsAt: string | Date }>(
  phases: readonly P[],
  now: Date = new Date(),
): P | undefined {
  const byStart = [...phases].sort((a, b) => new Date(b.startsAt).getTime() - new Date(a.startsAt).getTime());
  const open = byStart.find((p) => phaseState(p.startsAt, p.endsAt, now) === "open");
  if (open) return open;
  const ended = phases
    .filter((p) => phaseState(p.startsAt, p.endsAt, now) === "closed")
    .sort((a, b) => new Date(b.endsAt).getTime() - new Date(a.endsAt).getTime());
  return ended[0] ?? phases[0];
}
