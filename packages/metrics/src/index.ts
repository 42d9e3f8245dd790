export { InputError, type InputErrorCode } from "./errors/input-error.ts";
export { forEachLine } from "./text/read-lines.ts";
export { ROOT, Taxonomy } from "./taxonomy/taxonomy.ts";
export { parseTaxonomy, type ParseTaxonomyOptions } from "./taxonomy/parse-taxonomy.ts";
export { buildTaxonomy, type RawEdge } from "./taxonomy/build-taxonomy.ts";
export { cutTaxonomy } from "./taxonomy/cut-taxonomy.ts";
export { compareCodePoints } from "./taxonomy/compare-code-points.ts";
export type {
  DocumentLabels,
  LabelFile,
  LabelFormat,
  LabelRole,
  MissingDocumentPolicy,
  Subtask,
  UnknownLabelPolicy,
} from "./labels/label-file.ts";
export {
  LabelFileParser,
  mergeParseTallies,
  parseTallyWarnings,
  type LabelFileOptions,
  type ParseTally,
} from "./labels/label-file-parser.ts";
export { parseLabelText } from "./labels/parse-label-text.ts";
export { checkPredictionIds } from "./labels/check-prediction-ids.ts";
export { greedyGoldLabels, greedyPathCover } from "./paths/greedy-path-cover.ts";
export { documentConfusion } from "./measures/hc/document-confusion.ts";
export { confusionMeasures } from "./measures/hc/hc-family.ts";
export type { FamilyResult, MeasureFamily, StatSink } from "./scoring/measure-family.ts";
export { MEASURE_FAMILIES, selectFamilies } from "./engine/measure-families.ts";
export { PreparedDocument } from "./scoring/prepared-document.ts";
export { ScoreAccumulator, type FamilySeconds } from "./scoring/score-accumulator.ts";
export type { ScoringContext, ScoringOptions } from "./scoring/scoring-context.ts";
export { evaluationOptions, parseZeroDivision, ZERO_DIVISIONS, type ZeroDivision } from "./scoring/zero-division.ts";
export { evaluate, type EvaluateInput, type Evaluation } from "./engine/evaluate.ts";
export { scoringContext } from "./scoring/scoring-context.ts";
export { prepareDocuments } from "./scoring/prepared-document.ts";
export { flattenMeasures } from "./scoring/flatten-measures.ts";
export { ENGINE_VERSION } from "./version.ts";
export type { MeasureInfo } from "./scoring/measure-info.ts";
export { MEASURE_REGISTRY, isBetter, measureInfo } from "./engine/measure-registry.ts";
export type { GlossaryEntry } from "./glossary/glossary-entry.ts";
export { MEASURE_GLOSSARY, describeRange, glossaryEntry, glossaryMeasures, type GlossaryMeasure } from "./glossary/measure-glossary.ts";
export { WORKED_EXAMPLE, workedExampleValues } from "./glossary/worked-example.ts";
export { lcaFamily, lcaCounts, lcaOptions, type LcaCounts, type LcaOptions } from "./measures/lca/lca-family.ts";
export { lcaAugmentedSets, lcaWithSet, type LcaAugmentedSets, type LcaGraph, type LcaLink } from "./measures/lca/lca-graph.ts";
export { hemkitLcaGraphs, type LcaGraphs } from "./measures/lca/hemkit-lca-graphs.ts";
export { meetingPairs, mostSpecific, upPaths, type MeetingPair, type UpPath } from "./measures/lca/hemkit-meeting-pairs.ts";
export { classDistance, connect, upDistances, type Connection, type UpDistances } from "./measures/lca/ancestor-distances.ts";
export { mgiaFamily, mgiaOptions, type MgiaOptions } from "./measures/mgia/mgia-family.ts";
export { mgia, pairCosts, type PairCosts } from "./measures/mgia/mgia.ts";
export { mgiaNetworkError, type MgiaNetwork } from "./measures/mgia/mgia-network-error.ts";
export { copheFamily, copheOptions, levelKey, type CopheOptions } from "./measures/cophe/cophe-family.ts";
export { countConfusion, descendantCounts, predictionLevelLabels, type CountConfusion } from "./measures/cophe/descendant-counts.ts";
export { hLossFamily } from "./measures/h-loss/h-loss-family.ts";
export { documentLosses, hLossCosts, siblingCosts, type DocumentLosses, type HLossCosts } from "./measures/h-loss/hierarchical-loss.ts";
export { distanceFamily } from "./measures/distance/distance-family.ts";
export { ClassDistances, classDistances } from "./measures/distance/class-distances.ts";
export { refinedContribution } from "./measures/distance/distance-contribution.ts";
export { distanceOptions, DEFAULT_DISTANCE_OPTIONS, type DistanceOptions, type EdgeWeights } from "./measures/distance/distance-options.ts";
export { descendantOverlap, setAugmentation, type SetAugmentation, type SetOverlap } from "./measures/set-based/descendant-augmentation.ts";
export { perLevelFamily } from "./measures/per-level/per-level-family.ts";
export { perSubtreeFamily } from "./measures/per-level/per-subtree-family.ts";
export { countGroupedConfusion, groupRates } from "./measures/per-level/grouped-confusion.ts";
export { countRates, type CountRates } from "./measures/per-level/count-rates.ts";
export { topLevelSubtrees, type TopLevelSubtrees } from "./measures/per-level/top-level-subtrees.ts";
export {
  labelConfusion,
  labelConfusionOfRecording,
  type LabelConfusion,
  type LabelConfusionInput,
  type LabelCounts,
} from "./analysis/label-confusion.ts";
export { softFamily } from "./measures/soft/soft-family.ts";
export { softOptions, type SoftOptions } from "./measures/soft/soft-options.ts";
export { areaUnderPrCurve, prPointsFromBins, type PrPoint } from "./measures/soft/pr-curve.ts";
export { ancestorConfusion, ringRow, type AncestorConfusion } from "./measures/soft/ancestor-confusion.ts";
export { SOFT_MEASURES } from "./measures/soft/soft-measures.ts";
export { seededRandom } from "./uncertainty/seeded-random.ts";
export { RecordedStatistics, recordEvaluation, recordStatistics, recordStatisticsYielding } from "./uncertainty/recorded-statistics.ts";
export { bootstrapIntervals, type BootstrapOptions, type Interval } from "./uncertainty/bootstrap-intervals.ts";
export {
  pairedTest,
  pairedTests,
  type PairedTestMethod,
  type PairedTestOptions,
  type PairedTestResult,
} from "./uncertainty/paired-test.ts";
export { tiedGroups, type NamedStatistics, type TiedGroups, type TiedGroupsOptions } from "./uncertainty/tied-groups.ts";
export { measureValue } from "./uncertainty/resample-options.ts";
export { rankWithTies, type Direction } from "./ranking/rank-with-ties.ts";
export { kendallTauB } from "./ranking/kendall-tau-b.ts";
export { measureAgreement, type MeasureAgreement, type MeasureValues } from "./ranking/measure-agreement.ts";
export {
  compareSubmissions,
  type CompareInput,
  type Comparison,
  type MeasureMatrix,
  type RankedMeasure,
} from "./ranking/compare-submissions.ts";
export { ShardLayout } from "./sharding/shard-layout.ts";
export { scoreShardPart, type ShardPart, type ShardPartOptions } from "./sharding/shard-part.ts";
export { decodeShardPart, encodeShardPart } from "./sharding/shard-part-bytes.ts";
export { ShardMerger, type MergedShards, type ShardMergeOptions } from "./sharding/shard-merger.ts";
