export type PhaseState = "upcoming" | "open" | "closed";

/** A phase is open on [startsAt, endsAt): the end instant itself is closed. */
export function phaseState(startsAt: string | Date, endsAt: string | Date, now: Date = new Date()): PhaseState {
  const t = now.getTime();
  if (t < new Date(startsAt).getTime()) return "upcoming";
  if (t < new Date(endsAt).getTime()) return "open";
  return "closed";
}
