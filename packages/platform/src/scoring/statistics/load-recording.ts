import type { Db } from "@hierboard/db";
import type { RecordedStatistics } from "@hierboard/metrics";
import { loadScoringSetup, parsePrediction, type ScoringSetup } from "../setup/load-scoring-setup.ts";
import { WHOLE_GOLD } from "../../gold-split/gold-part.ts";
import type { GoldPart } from "../../gold-split/gold-part.ts";
import { recordingOfPart } from "../../gold-split/recording-of-part.ts";
import { recordPrediction } from "./record-prediction.ts";
import { decodeStatistics } from "./statistics-codec.ts";

/**
 * WORKER SIDE (board jobs): a scored submission's stored statistics on one part of the gold at the
 * setup's gold version, with `family` among them. A score set from before statistics were stored,
 * or one without `family` (the primary measure changed), is recorded from the stored file once and
 * the whole gold's stored, so later reads find it; a split part then takes its documents of the
 * whole's (`recordingOfPart`). Null when the submission has no score set of the part at that
 * version or is over the recording limit.
 */
export async function loadRecording(
  db: Db,
  setup: ScoringSetup,
  submissionId: string,
  family: string,
  part: GoldPart = WHOLE_GOLD,
): Promise<RecordedStatistics | null> {
  const set = await db.scoreSet.findUnique({
    where: { submissionId_goldVersion_part: { submissionId, goldVersion: setup.goldVersion, part } },
    select: { id: true, statistics: true, statisticsFamilies: true },
  });
  if (!set) return null;
  if (set.statistics && set.statisticsFamilies.includes(family)) return decodeStatistics(set.statistics, setup.taxonomy, setup);
  if (part !== WHOLE_GOLD) {
    const whole = setup.split ? await loadRecording(db, setup, submissionId, family) : null;
    return whole && setup.split ? recordingOfPart(whole, setup.split, part) : null;
  }
  const file = await db.submission.findUniqueOrThrow({ where: { id: submissionId }, select: { content: true, fileName: true } });
  const analysis = recordPrediction(setup, parsePrediction(setup, file.content, file.fileName), [family]);
  if (!analysis.statistics) return null;
  await db.scoreSet.update({
    where: { id: set.id },
    data: { statistics: analysis.statistics, statisticsFamilies: analysis.statisticsFamilies, labelErrors: analysis.labelErrors as object },
    select: { id: true },
  });
  return decodeStatistics(analysis.statistics, setup.taxonomy, setup);
}

/** The scoring setup of each gold version a board job meets, loaded once per job. */
export function setupsFor(db: Db, ids: { phaseId: string; subtaskId: string }): (goldVersion: number) => Promise<ScoringSetup | null> {
  const setups = new Map<number, Promise<ScoringSetup | null>>();
  return (goldVersion) => {
    let setup = setups.get(goldVersion);
    if (!setup) setups.set(goldVersion, (setup = loadScoringSetup(db, { ...ids, goldVersion }).catch(() => null)));
    return setup;
  };
}
