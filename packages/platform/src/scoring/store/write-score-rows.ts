import type { DbTx } from "@hierboard/db";
import type { GoldPart } from "../../gold-split/gold-part.ts";
import type { ScoreRow } from "../engine/compute-scores.ts";

const text = (value: number | null) => (value === null ? null : String(value));

/**
 * Upserts all score rows of one score set in a single statement. Values travel as their shortest
 * round-trip decimal text and are cast by PostgreSQL: Prisma 6.19's query compiler writes a
 * `Float` with 16 significant digits, which changes the last bit of values such as 3/13, and the
 * stored scores must equal the engine's exactly.
 */
export async function writeScoreRows(
  tx: DbTx,
  where: { submissionId: string; scoreSetId: string; goldVersion: number; part: GoldPart },
  rows: readonly ScoreRow[],
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "Score" ("id", "submissionId", "scoreSetId", "measure", "goldVersion", "part", "value", "ciLow", "ciHigh")
    SELECT gen_random_uuid()::text, ${where.submissionId}, ${where.scoreSetId}, r.measure, ${where.goldVersion}, ${where.part},
           r.value::double precision, r.ci_low::double precision, r.ci_high::double precision
    FROM unnest(${rows.map((r) => r.measure)}::text[], ${rows.map((r) => text(r.value))}::text[],
                ${rows.map((r) => text(r.ciLow))}::text[], ${rows.map((r) => text(r.ciHigh))}::text[])
         AS r(measure, value, ci_low, ci_high)
    ON CONFLICT ("submissionId", "measure", "goldVersion", "part") DO UPDATE
      SET "scoreSetId" = EXCLUDED."scoreSetId", "value" = EXCLUDED."value",
          "ciLow" = EXCLUDED."ciLow", "ciHigh" = EXCLUDED."ciHigh"`;
}
