import type { DbTx, Phase } from "@hierboard/db";
import { AppError } from "../errors/app-error.ts";

/**
 * Refuses to change a phase's public fraction once it has submissions: their stored public and
 * private scores were computed under the old split, and a board mixing two splits ranks nothing.
 */
export async function guardSplitChange(
  tx: DbTx,
  phase: Pick<Phase, "id" | "publicFraction">,
  publicFraction: number | null,
): Promise<void> {
  if (phase.publicFraction === publicFraction) return;
  const submissions = await tx.submission.count({ where: { phaseId: phase.id } });
  if (submissions > 0) {
    throw new AppError(
      "CONFLICT",
      `The public fraction cannot change once a phase has submissions: expected ${phase.publicFraction ?? "no split"} as before, got ${publicFraction ?? "no split"} (${submissions} submissions).`,
    );
  }
}
