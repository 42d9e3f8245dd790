import { formatUtc } from "../context/format-utc.ts";
import { AppError } from "../errors/app-error.ts";

type DeadlinePhase = { name: string; descriptionsCloseAt: Date | null };

/** Whether a phase's runs may still be described: no deadline, or before it. */
export function descriptionsOpen(phase: Pick<DeadlinePhase, "descriptionsCloseAt">, now: Date): boolean {
  return phase.descriptionsCloseAt === null || now.getTime() < phase.descriptionsCloseAt.getTime();
}

/**
 * The team's own description (not a run's) is open while any phase takes descriptions; it closes
 * at the last phase's deadline. A task without phases, or with a phase without a deadline, never closes it.
 */
export function teamDescriptionsDeadline(phases: readonly DeadlinePhase[], now: Date): { open: boolean; closesAt: Date | null } {
  if (phases.length === 0 || phases.some((p) => p.descriptionsCloseAt === null)) return { open: true, closesAt: null };
  const closesAt = new Date(Math.max(...phases.map((p) => p.descriptionsCloseAt!.getTime())));
  return { open: now.getTime() < closesAt.getTime(), closesAt };
}

/** Refuses an edit after the deadline, saying when it was (UTC). */
export function requireDescriptionsOpen(what: string, deadline: { open: boolean; closesAt: Date | null }): void {
  if (!deadline.open)
    throw new AppError(
      "DESCRIPTIONS_CLOSED",
      `System descriptions for ${what} closed at ${formatUtc(deadline.closesAt!)}; expected an edit before the organisers' deadline.`,
    );
}
