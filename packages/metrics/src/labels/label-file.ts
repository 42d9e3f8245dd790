/** One document's labels, as node ids of the taxonomy the file was read against. */
export interface DocumentLabels {
  readonly id: string;
  /** 1-based line of the document in its file. */
  readonly line: number;
  /**
   * Labels as written, repeats removed, unknown labels dropped. For a `paths`
   * entry, the end node of each path; for a `scores` entry, empty (the
   * threshold is applied at scoring time).
   */
  readonly labels: readonly number[];
  /** Explicit paths (root id 0 first), when the file gave `paths`. */
  readonly paths?: readonly (readonly number[])[];
  /** Soft scores per node, when the file gave `scores`. */
  readonly scores?: ReadonlyMap<number, number>;
}

export type LabelFormat = "tsv" | "germeval" | "jsonl";
export type LabelRole = "gold" | "prediction";
export type UnknownLabelPolicy = "error" | "drop";
export type MissingDocumentPolicy = "empty" | "error";
export type Subtask = "a" | "b";

/** A parsed gold or prediction file. */
export interface LabelFile {
  readonly fileName: string | undefined;
  readonly format: LabelFormat;
  readonly role: LabelRole;
  /** Number of documents. */
  readonly documents: number;
  /** Documents by id, in file order. */
  readonly entries: ReadonlyMap<string, DocumentLabels>;
  /** Unknown labels dropped under the `drop` policy. */
  readonly droppedUnknown: number;
  readonly hasScores: boolean;
  readonly warnings: readonly string[];
}

/**
 * What checking a prediction's ids needs of a gold file (`checkPredictionIds`): how many documents
 * it has and their ids, in file order. A parsed `LabelFile` is one; so is a map of the ids alone,
 * which a process that only validates uploads keeps instead of every document's labels.
 */
export interface GoldDocumentIds {
  readonly documents: number;
  readonly entries: ReadonlyMap<string, unknown>;
}
