// The engine's public surface: what the platform, the apps and the tooling import (checked with
// knip and a grep over apps/ and packages/). Tests and tools inside this package import modules
// directly. The sharding API (ShardLayout, scoreShardPart, encode/decode, ShardMerger) is
// documented in README.md, "Sharded scoring".
export { InputError } from "./errors/input-error.ts";
export { ROOT, Taxonomy } from "./taxonomy/taxonomy.ts";
export { parseTaxonomy } from "./taxonomy/parse-taxonomy.ts";
export { cutOutline, cutTaxonomy } from "./taxonomy/cut-taxonomy.ts";
export { TaxonomyOutline } from "./taxonomy/taxonomy-outline.ts";
export type { TaxonomyShape } from "./taxonomy/taxonomy-shape.ts";
export type {
  DocumentLabels,
  GoldDocumentIds,
  LabelFile,
  LabelFormat,
  MissingDocumentPolicy,
  Subtask,
  UnknownLabelPolicy,
} from "./labels/label-file.ts";
export { LabelFileParser, type ParseTally } from "./labels/label-file-parser.ts";
export { parseLabelText } from "./labels/parse-label-text.ts";
export { checkPredictionIds } from "./labels/check-prediction-ids.ts";
export { checkGoldLabelled } from "./labels/check-gold-labelled.ts";
export { MEASURE_FAMILIES } from "./engine/measure-families.ts";
export { cafaOptions } from "./measures/cafa/cafa-options.ts";
export { parseCafaScores } from "./measures/cafa/parse-cafa-scores.ts";
export { parseIaFile } from "./measures/cafa/parse-ia-file.ts";
export { keepGoldProteins } from "./measures/cafa/keep-gold-proteins.ts";
export { cafaFamily } from "./measures/cafa/cafa-family.ts";
export { cafaTallyWarnings } from "./measures/cafa/cafa-warnings.ts";
export { ScoreAccumulator, type FamilySeconds } from "./scoring/score-accumulator.ts";
export type { ScoringContext } from "./scoring/scoring-context.ts";
export { evaluate, evaluateRecorded, type Evaluation } from "./engine/evaluate.ts";
export { scoringContext } from "./scoring/scoring-context.ts";
export { flattenMeasures } from "./scoring/flatten-measures.ts";
export { ENGINE_VERSION } from "./version.ts";
export { MEASURE_REGISTRY, measureInfo } from "./engine/measure-registry.ts";
export { describeRange, glossaryEntry, glossaryMeasures, type GlossaryMeasure } from "./glossary/measure-glossary.ts";
export { WORKED_EXAMPLE, workedExampleValues } from "./glossary/worked-example.ts";
export { labelConfusionOfRecording, type LabelCounts } from "./analysis/label-confusion.ts";
export { ERROR_KINDS, NodeStatisticsCounter, nodeStatistics, type ErrorKind, type NodeStatistics } from "./analysis/node-statistics.ts";
export { seededRandom } from "./uncertainty/seeded-random.ts";
export { RecordedStatistics, recordEvaluation } from "./uncertainty/recorded-statistics.ts";
export {
  bootstrapIntervals,
  DEFAULT_INTERVAL_METHOD,
  excludesEstimate,
  INTERVAL_METHOD_NAMES,
} from "./uncertainty/bootstrap-intervals.ts";
export { pairedTest, pairedTests, type PairedTestResult } from "./uncertainty/paired-test.ts";
export { measureValue } from "./uncertainty/resample-options.ts";
export { rankWithTies } from "./ranking/rank-with-ties.ts";
export { kendallTauB } from "./ranking/kendall-tau-b.ts";
export { ShardLayout } from "./sharding/shard-layout.ts";
export { scoreShardPart, type ShardGold, type ShardPart } from "./sharding/shard-part.ts";
export { cutShardPart } from "./sharding/cut-shard-part.ts";
export { decodeShardPart, encodeShardPart } from "./sharding/shard-part-bytes.ts";
export { ShardMerger, type MergedShards } from "./sharding/shard-merger.ts";
