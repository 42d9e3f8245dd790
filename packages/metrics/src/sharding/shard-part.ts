import { InputError } from "../errors/input-error.ts";
import type { DocumentLabels, LabelFile } from "../labels/label-file.ts";
import type { ParseTally } from "../labels/label-file-parser.ts";
import { PreparedDocument } from "../scoring/prepared-document.ts";
import { goldOrder, type ShardLayout } from "./shard-layout.ts";
import { ShardRows } from "./shard-rows.ts";

/**
 * What one shard of a prediction file hands its parent: the sums of its `integers` families
 * (exact in any order) and, per document, the statistics of the families it keeps per document
 * (every `reals` family, plus any asked for), so the parent can add those in gold order.
 */
export interface ShardPart {
  /** The shard's place in the file (0-based): the merger combines parse tallies in file order. */
  readonly shard: number;
  /** Ids of the layout's families, in layout order: the merger checks it merges the same layout. */
  readonly families: readonly string[];
  /** Ids of the families kept per document. */
  readonly perDocumentFamilies: readonly string[];
  /** Gold position of each of the shard's documents, in file order. */
  readonly goldIndices: Int32Array;
  /** Sparse sums (ascending statistic index) of entry 0 (documents) and the summed families. */
  readonly sumIndices: Int32Array;
  readonly sumValues: Float64Array;
  /** Document j's per-document entries are `rowStarts[j] … rowStarts[j+1]−1`, in counting order. */
  readonly rowStarts: Int32Array;
  readonly rowIndices: Int32Array;
  readonly rowValues: Float64Array;
  /** The parser's tally of the shard's lines, for the file's warnings. */
  readonly tally: ParseTally;
  /**
   * Optional: the gold positions [from, to) this part answers for, when shards are cut by gold
   * ranges. A gold document in the range that the part lacks is then known to be missing as
   * soon as the part arrives, so the merger can move past it without waiting for `finish`.
   */
  readonly goldRange?: { readonly from: number; readonly to: number };
}

/**
 * The gold a shard needs when the whole gold file is not at hand: the gold entries of (at least)
 * the shard's own documents and their positions in the gold file, by id.
 */
export interface ShardGold {
  readonly entries: ReadonlyMap<string, DocumentLabels>;
  readonly positionOf: ReadonlyMap<string, number>;
}

export interface ShardPartOptions {
  /** Families to keep per document even if their statistics are integers. */
  readonly perDocument?: readonly string[];
  readonly goldRange?: { readonly from: number; readonly to: number };
  /** Documents scored between two yields to the event loop (default 2000). */
  readonly yieldEvery?: number;
}

/**
 * Scores one shard: pairs each document of the shard's parsed predictions with its gold entry
 * (from the whole gold file, or a `ShardGold` of the shard's own documents) and counts its
 * statistics, adding those of the `integers` families to the shard's sums as they are counted
 * (into a width-long vector the layout lends and takes back) and keeping the others per document.
 * Hands the event loop back between batches, so a worker keeps renewing its job lock.
 *
 * @example
 * const part = await scoreShardPart(layout, gold, { shard: 0, pred: parser.finish(), tally: parser.tally });
 * merger.add(decodeShardPart(encodeShardPart(part)));
 */
export async function scoreShardPart(
  layout: ShardLayout,
  gold: LabelFile | ShardGold,
  shard: { readonly shard: number; readonly pred: LabelFile; readonly tally: ParseTally },
  options: ShardPartOptions = {},
): Promise<ShardPart> {
  const positionOf = "positionOf" in gold ? gold.positionOf : goldOrder(gold).indexOf;
  const goldIndices = new Int32Array(shard.pred.documents);
  const pairs: [DocumentLabels, DocumentLabels][] = [];
  for (const entry of shard.pred.entries.values()) {
    const at = positionOf.get(entry.id);
    const goldEntry = gold.entries.get(entry.id);
    if (at === undefined || !goldEntry) {
      throw new InputError("ID_NOT_IN_GOLD", `expected a document id of the gold file, got ${JSON.stringify(entry.id)}`, {
        file: shard.pred.fileName,
        line: entry.line,
      });
    }
    if (options.goldRange && (at < options.goldRange.from || at >= options.goldRange.to))
      throw new Error(`document ${JSON.stringify(entry.id)} lies outside the shard's gold range`);
    goldIndices[pairs.length] = at;
    pairs.push([goldEntry, entry]);
  }
  // Each document is prepared only as it is counted (a prepared document is ~10 KB at 325k
  // classes), and its statistics go straight to the shard's sums or rows, in the order a whole
  // recording would add them: memory follows the per-document rows, not every statistic.
  const perDocument = layout.perDocumentMask(options.perDocument);
  const { familyOf } = layout;
  const accumulator = layout.borrowAccumulator();
  try {
    const sums = accumulator.sums;
    const rows = new ShardRows();
    const count = (index: number, value: number): void => {
      if (value === 0) return; // as a recording keeps no zero entry
      const f = familyOf[index]!;
      if (f >= 0 && perDocument[f] === 1) rows.push(index, value);
      else sums[index]! += value;
    };
    const rowStarts = new Int32Array(pairs.length + 1);
    const batch = options.yieldEvery ?? 2000;
    for (let d = 0; d < pairs.length; d++) {
      const [g, p] = pairs[d]!;
      accumulator.countInto(new PreparedDocument(g, p, layout.ctx), count);
      rowStarts[d + 1] = rows.length;
      if ((d + 1) % batch === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const { indices: rowIndices, values: rowValues } = rows.finish();
    // A sum no document touched is still 0: this keeps every touched non-zero sum, in ascending order.
    let liveCount = 0;
    for (let i = 0; i < layout.width; i++) if (sums[i] !== 0) liveCount += 1;
    const sumIndices = new Int32Array(liveCount);
    const sumValues = new Float64Array(liveCount);
    for (let i = 0, k = 0; k < liveCount; i++) {
      if (sums[i] === 0) continue;
      sumIndices[k] = i;
      sumValues[k++] = sums[i]!;
    }
    return {
      shard: shard.shard,
      families: layout.families.map((f) => f.id),
      perDocumentFamilies: layout.families.filter((_, f) => perDocument[f]).map((f) => f.id),
      goldIndices,
      sumIndices,
      sumValues,
      rowStarts,
      rowIndices,
      rowValues,
      tally: shard.tally,
      ...(options.goldRange ? { goldRange: { from: options.goldRange.from, to: options.goldRange.to } } : {}),
    };
  } finally {
    layout.returnAccumulator(accumulator);
  }
}
