import { InputError } from "../errors/input-error.ts";
import { MISSING_IDS_NAMED, missingDocumentsWarning } from "../labels/check-prediction-ids.ts";
import type { DocumentLabels, LabelFile, MissingDocumentPolicy } from "../labels/label-file.ts";
import { mergeParseTallies, parseTallyWarnings, type ParseTally } from "../labels/label-file-parser.ts";
import type { Evaluation } from "../engine/evaluate.ts";
import { PreparedDocument } from "../scoring/prepared-document.ts";
import type { ScoreAccumulator } from "../scoring/score-accumulator.ts";
import { evaluationOptions } from "../scoring/zero-division.ts";
import { RecordedStatistics } from "../uncertainty/recorded-statistics.ts";
import type { ShardLayout } from "./shard-layout.ts";
import type { ShardPart } from "./shard-part.ts";

export interface ShardMergeOptions {
  /** The prediction file's name, for warnings and errors. */
  readonly fileName?: string;
  /** The same list every shard was scored with (`ShardPartOptions.perDocument`). */
  readonly perDocument?: readonly string[];
  /** Default `empty`, as `evaluate`. */
  readonly missingDocuments?: MissingDocumentPolicy;
  /** Default true, as `evaluate`; false keeps gold ids out of the missing-documents warning. */
  readonly nameMissingIds?: boolean;
  /**
   * Keep every document's per-document statistics (entry 0 and the per-document families, gold
   * order) and return them as `recorded`: what `recordEvaluation` gives, restricted to those
   * families. Memory then grows with the documents; without it, only parts still waiting for an
   * earlier gold position are held.
   */
  readonly record?: boolean;
  /**
   * The prediction file's warnings from the merged parse tally of its shards; default the label
   * file parser's (`parseTallyWarnings`). A CAFA score file's are `cafaTallyWarnings`.
   */
  readonly predictionWarnings?: (fileName: string | undefined, tally: ParseTally) => string[];
}

export interface MergedShards {
  /** Exactly what `evaluate` gives for the whole file, warnings included. */
  readonly evaluation: Evaluation;
  /** With `record`: every gold document's per-document statistics, in gold order. */
  readonly recorded: RecordedStatistics | undefined;
}

/**
 * The gold as a merger needs it up front when it is not handed the whole parsed file: how many
 * documents it has, and its name for its warnings. Its documents then come range by range, in
 * gold order (`ShardMerger.addGold`), so a merge holds one range of the gold at a time.
 */
export interface GoldOutline {
  readonly documents: number;
  /** The gold file's name, for its parse warnings (default "gold", as the parser's). */
  readonly fileName?: string;
}

/**
 * Merges shard parts, taken one at a time, into exactly (to the bit) what `evaluate` gives for
 * the whole file. Sums of `integers` families are added as each part arrives (integer sums are
 * exact in any order). Per-document statistics are added in gold order, the order of
 * `evaluate`'s own sum: the merger keeps a frontier, the first gold position not yet added, and
 * moves it on whenever the document there has arrived, or is known to be missing (a part's
 * `goldRange` covers it); `finish` counts the remaining gold documents no part holds as empty
 * predictions, as `evaluate` does. Parts cut by consecutive gold ranges and added in that order
 * therefore never wait, and the merger holds one part at a time.
 *
 * Given a `GoldOutline` instead of the whole gold file, the merger reads the gold only through
 * `addGold`, one consecutive range at a time: the parts added after `addGold(from, entries)` may
 * hold only documents of that range, and the next `addGold` (or `finish`) counts the range's
 * documents no part holds as missing. A caller that stores parts by gold range (cut with
 * `cutShardPart`) so merges a file of any size with one range of gold and parts in memory.
 *
 * @example
 * const merger = new ShardMerger(layout, gold, { fileName: "pred.tsv" });
 * for await (const bytes of storedParts) merger.add(decodeShardPart(bytes));
 * merger.finish().evaluation; // equals evaluate({ taxonomy, gold, pred, metrics: "all" })
 *
 * // The gold range by range: summaries (sums, no documents) first, then each range's parts.
 * const outlined = new ShardMerger(layout, { documents: 100_000, fileName: "gold.tsv" }, { nameMissingIds: false });
 * for (const summary of summaries) outlined.add(summary);
 * for (const range of ranges) {
 *   outlined.addGold(range.from, range.goldEntries, range.goldTally);
 *   for (const part of range.parts) outlined.add(part);
 * }
 * outlined.finish().evaluation; // the same
 */
export class ShardMerger {
  readonly #layout: ShardLayout;
  /** The whole gold file, when the merger was given it (else the gold comes through `addGold`). */
  readonly #gold: LabelFile | undefined;
  readonly #documents: number;
  readonly #goldFileName: string | undefined;
  readonly #options: ShardMergeOptions;
  readonly #accumulator: ScoreAccumulator;
  readonly #perDocument: Uint8Array;
  readonly #perDocumentIds: string;
  readonly #sums: Float64Array;
  /** 1 where a part holds the gold document, 2 where a part's gold range says it is missing. */
  readonly #state: Uint8Array;
  /** Which added part (−1: none yet) holds each gold position, and its row there. */
  readonly #holder: Int32Array;
  readonly #row: Int32Array;
  /** The gold documents at hand: positions `#goldFrom` … `#goldFrom + #goldEntries.length − 1`. */
  #goldFrom = 0;
  #goldEntries: readonly DocumentLabels[] = [];
  readonly #goldTallies: ParseTally[] = [];
  /** The first three missing gold ids, in gold order (when they may be named). */
  readonly #missingExamples: string[] = [];
  #parts: (ShardPart | undefined)[] = [];
  #waiting: number[] = [];
  #tallies: { shard: number; tally: ParseTally }[] = [];
  #next = 0;
  #predicted = 0;
  #finished = false;
  readonly #recordIds: string[] = [];
  readonly #recordStarts: number[] = [0];
  readonly #recordIndices: number[] = [];
  readonly #recordValues: number[] = [];

  constructor(layout: ShardLayout, gold: LabelFile | GoldOutline, options: ShardMergeOptions = {}) {
    this.#layout = layout;
    this.#options = options;
    this.#documents = gold.documents;
    this.#goldFileName = gold.fileName;
    if ("entries" in gold) {
      this.#gold = gold;
      this.#goldEntries = [...gold.entries.values()];
    }
    this.#accumulator = layout.accumulator();
    this.#perDocument = layout.perDocumentMask(options.perDocument);
    this.#perDocumentIds = layout.families
      .filter((_, f) => this.#perDocument[f])
      .map((f) => f.id)
      .join(",");
    this.#sums = new Float64Array(layout.width);
    this.#state = new Uint8Array(gold.documents);
    this.#holder = new Int32Array(gold.documents).fill(-1);
    this.#row = new Int32Array(gold.documents);
  }

  /** Gold documents whose statistics arrived but wait for an earlier gold position. */
  get waitingDocuments(): number {
    return this.#waiting.reduce((n, w) => n + w, 0);
  }

  /**
   * The gold documents at positions `from` … `from + entries.length − 1`, in gold order, with the
   * parser's tally of their lines (for the gold's warnings): only for a merger made from a
   * `GoldOutline`, in consecutive ranges from 0. First counts the documents of the previous range
   * no part holds as missing, so every part holding a document of a range must be added before
   * the next range's gold.
   */
  addGold(from: number, entries: readonly DocumentLabels[], tally?: ParseTally): void {
    if (this.#finished) throw new Error("the merge is finished");
    if (this.#gold) throw new Error("this merger holds the whole gold file: addGold is for a merger made from a gold outline");
    const end = this.#goldFrom + this.#goldEntries.length;
    if (from !== end) throw new Error(`expected the gold from position ${end}, got ${from}`);
    if (from + entries.length > this.#documents)
      throw new Error(`expected at most ${this.#documents} gold documents, got ${from + entries.length}`);
    this.#advance(true);
    this.#goldFrom = from;
    this.#goldEntries = entries;
    if (tally) this.#goldTallies.push(tally);
    this.#advance(false);
  }

  add(part: ShardPart): void {
    if (this.#finished) throw new Error("the merge is finished");
    this.#checkLayout(part);
    const n = this.#documents;
    if (part.goldRange) {
      const { from, to } = part.goldRange;
      if (!(from >= 0 && from <= to && to <= n)) throw new Error(`expected a gold range within 0..${n}, got ${from}..${to}`);
      for (let g = from; g < to; g++) {
        if (this.#state[g] === 2 || g < this.#next) throw new Error(`shard gold ranges overlap at gold position ${g}`);
        if (this.#state[g] === 0) this.#state[g] = 2;
      }
    }
    const slot = this.#parts.length;
    // A part without documents (sums only) is done with once its sums are added.
    this.#parts.push(part.goldIndices.length ? part : undefined);
    this.#waiting.push(part.goldIndices.length);
    this.#tallies.push({ shard: part.shard, tally: part.tally });
    const [from, end] = [this.#goldFrom, this.#goldFrom + this.#goldEntries.length];
    part.goldIndices.forEach((g, j) => {
      if (!(g >= from && g < end)) {
        throw new Error(
          this.#gold
            ? `expected gold positions within 0..${n}, got ${g}`
            : `gold position ${g} lies outside the gold range at hand (${from}..${end}): add a range's gold before its parts`,
        );
      }
      if (this.#state[g] === 1) {
        const id = JSON.stringify(this.#goldEntries[g - from]!.id);
        throw new InputError("DUPLICATE_ID", `expected each document id once, got ${id} again`, { file: this.#options.fileName });
      }
      if (g < this.#next) throw new Error(`gold position ${g} was already counted as missing: shard gold ranges overlap`);
      this.#state[g] = 1;
      this.#holder[g] = slot;
      this.#row[g] = j;
    });
    this.#predicted += part.goldIndices.length;
    for (let k = 0; k < part.sumIndices.length; k++) this.#sums[part.sumIndices[k]!]! += part.sumValues[k]!;
    this.#advance(false);
  }

  /** Adds the documents still waiting and the missing ones, then reduces. */
  finish(): MergedShards {
    if (this.#finished) throw new Error("the merge is finished");
    const n = this.#documents;
    const end = this.#goldFrom + this.#goldEntries.length;
    if (end !== n) throw new Error(`expected the gold of all ${n} documents before finish, got ${end}`);
    this.#advance(true);
    this.#finished = true;
    const fileName = this.#options.fileName;
    // Stored warnings are shown to teams: the caller decides whether gold ids may be named.
    const idWarnings = missingDocumentsWarning(
      fileName,
      { missing: n - this.#predicted, of: n, examples: this.#missingExamples },
      this.#options.missingDocuments,
    );
    const tally = mergeParseTallies(this.#tallies.sort((a, b) => a.shard - b.shard).map((t) => t.tally));
    const goldTally = mergeParseTallies(this.#goldTallies);
    const goldWarnings = this.#gold
      ? this.#gold.warnings
      : parseTallyWarnings(this.#goldFileName ?? "gold", "gold", goldTally.sawContent, goldTally);
    const { ctx } = this.#layout;
    const warnings = [
      ...ctx.taxonomy.warnings,
      ...goldWarnings,
      ...(this.#options.predictionWarnings
        ? this.#options.predictionWarnings(fileName, tally)
        : parseTallyWarnings(fileName ?? "prediction", "prediction", tally.sawContent, tally)),
      ...idWarnings,
    ];
    const evaluation = { ...this.#accumulator.compute(this.#sums), options: evaluationOptions(ctx), warnings } as Evaluation;
    const recorded = this.#options.record
      ? new RecordedStatistics(
          this.#layout.accumulator(),
          this.#recordIds,
          Int32Array.from(this.#recordStarts),
          Int32Array.from(this.#recordIndices),
          Float64Array.from(this.#recordValues),
        )
      : undefined;
    return { evaluation, recorded };
  }

  #checkLayout(part: ShardPart): void {
    const families = this.#layout.families.map((f) => f.id).join(",");
    if (part.families.join(",") !== families)
      throw new Error(`expected a shard part of the families ${families}, got ${part.families.join(",")}`);
    if (part.perDocumentFamilies.join(",") !== this.#perDocumentIds)
      throw new Error(`expected a shard part keeping ${this.#perDocumentIds} per document, got ${part.perDocumentFamilies.join(",")}`);
  }

  /**
   * Adds gold positions in order from the frontier, through the gold at hand, while their
   * document is known; `close`: every one of them, those no part holds as missing.
   */
  #advance(close: boolean): void {
    const end = this.#goldFrom + this.#goldEntries.length;
    while (this.#next < end) {
      const g = this.#next;
      if (this.#state[g] === 1) this.#addRow(g, this.#holder[g]!, this.#row[g]!);
      else if (close || this.#state[g] === 2) this.#addMissing(g);
      else return;
      this.#next += 1;
    }
  }

  #addRow(g: number, slot: number, row: number): void {
    const part = this.#parts[slot]!;
    const sums = this.#sums;
    const record = this.#options.record;
    if (record) {
      this.#recordIds.push(this.#goldEntries[g - this.#goldFrom]!.id);
      this.#recordIndices.push(0);
      this.#recordValues.push(1);
    }
    for (let e = part.rowStarts[row]!; e < part.rowStarts[row + 1]!; e++) {
      sums[part.rowIndices[e]!]! += part.rowValues[e]!;
      if (record) {
        this.#recordIndices.push(part.rowIndices[e]!);
        this.#recordValues.push(part.rowValues[e]!);
      }
    }
    if (record) this.#recordStarts.push(this.#recordIndices.length);
    if (--this.#waiting[slot]! === 0) this.#parts[slot] = undefined;
  }

  /** A gold document no part holds: an empty prediction, counted here in its gold place. */
  #addMissing(g: number): void {
    const entry = this.#goldEntries[g - this.#goldFrom]!;
    if (this.#options.nameMissingIds !== false && this.#missingExamples.length < MISSING_IDS_NAMED) this.#missingExamples.push(entry.id);
    const sums = this.#sums;
    const { familyOf } = this.#layout;
    const record = this.#options.record;
    if (record) this.#recordIds.push(entry.id);
    this.#accumulator.countInto(new PreparedDocument(entry, undefined, this.#layout.ctx), (index, value) => {
      sums[index]! += value;
      // As a recorder keeps it: non-zero entries, the document count and the per-document families.
      if (record && value !== 0 && (index === 0 || this.#perDocument[familyOf[index]!])) {
        this.#recordIndices.push(index);
        this.#recordValues.push(value);
      }
    });
    if (record) this.#recordStarts.push(this.#recordIndices.length);
  }
}
