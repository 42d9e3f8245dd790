import type { SystemDescription } from "./system-description-fields.ts";

/**
 * What a run's system is, field by field: the run's own name, description and paper link, each
 * falling back to its team's where the run leaves it empty (baselines have no team: their own only).
 *
 * @example runSystem({ systemName: "", systemDescription: "", paperUrl: "" }, { systemName: "BOHB_CNN", systemDescription: "", paperUrl: "" }).systemName // "BOHB_CNN"
 */
export function runSystem(run: SystemDescription, team: SystemDescription | null): SystemDescription {
  return {
    systemName: run.systemName || team?.systemName || "",
    systemDescription: run.systemDescription || team?.systemDescription || "",
    paperUrl: run.paperUrl || team?.paperUrl || "",
  };
}

/** Prisma `select` of the fields `runSystem` reads, for a submission and its team. */
export const SYSTEM_FIELDS = { systemName: true, systemDescription: true, paperUrl: true } as const;
