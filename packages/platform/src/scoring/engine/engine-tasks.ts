// Runs inside an engine thread (see engine-pool.ts): never imported by the request thread.
import {
  checkGoldLabelled,
  cutTaxonomy,
  parseIaFile,
  parseLabelText,
  ROOT,
  parseTaxonomy,
  type GoldDocumentIds,
  type LabelFile,
  type MissingDocumentPolicy,
  type Taxonomy,
  type UnknownLabelPolicy,
} from "@hierboard/metrics";
import { sha256Hex } from "../../context/sha256.ts";
import { renderDataFile, type DataFileName } from "../../data-format/data-files.ts";
import { AppError, withInputErrors } from "../../errors/app-error.ts";
import { LRUCache } from "lru-cache";
import type { ScoringSetup } from "../setup/load-scoring-setup.ts";
import { scorePrediction } from "./score-prediction.ts";
import { pairedTests, type LabelledTest } from "../../submissions/paired-tests.ts";
import { validatePrediction } from "../../submissions/validate-prediction.ts";
import { encodeTaxonomyOutline } from "../../taxonomy/taxonomy-outline-codec.ts";
import { GOLD_CACHE_BYTES, GOLD_IDS_CACHE_BYTES, goldBytes, goldIdsBytes, TAXONOMY_CACHE_BYTES, taxonomyBytes } from "./bytes-held.ts";

/** A stored file named by its hash; `content` only when the thread asked for it. */
export interface FileRef {
  hash: string;
  fileName: string;
  content?: Uint8Array;
}

export interface TaxonomyRef extends FileRef {
  maxDepth: number | null;
}

export interface GoldRef extends FileRef {
  section: "a" | "b" | undefined;
}

export type EngineTask =
  | {
      kind: "validate";
      taxonomy: TaxonomyRef;
      gold: GoldRef;
      unknownLabels: UnknownLabelPolicy;
      missingDocuments: MissingDocumentPolicy;
      maxLabelsPerDocument: number;
      /** A CAFA-style subtask: the file holds protein<TAB>term<TAB>score lines. */
      cafa: boolean;
      fileName: string;
      content: Uint8Array;
    }
  | {
      kind: "compare";
      taxonomy: TaxonomyRef;
      a: Uint8Array;
      b: Uint8Array;
      measures: string[];
      /** A CAFA-style subtask's options and IA file, which its stored cafa statistics are read under. */
      cafa?: { options: ScoringSetup["subtask"]["cafa"]; ia: FileRef | null };
    }
  | { kind: "check-gold"; taxonomy: TaxonomyRef; section: "a" | "b" | undefined; fileName: string; content: Uint8Array }
  | { kind: "check-taxonomy"; fileName: string; content: Uint8Array }
  | { kind: "check-ia"; fileName: string; content: Uint8Array }
  | {
      kind: "score";
      taxonomy: TaxonomyRef;
      gold: GoldRef;
      goldVersion: number;
      subtask: ScoringSetup["subtask"];
      split: ScoringSetup["split"];
      ia: ScoringSetup["ia"];
      fileName: string;
      content: Uint8Array;
    }
  | { kind: "data-file"; taxonomy: TaxonomyRef; gold: GoldRef | null; file: DataFileName; section: "a" | "b" | null };

/** What an uploaded taxonomy file is, as stored with its version. */
export interface CheckedTaxonomy {
  contentHash: string;
  nodeCount: number;
  depth: number;
  isDag: boolean;
  warnings: string[];
  /** Names of the top-level nodes (CAFA's namespaces). */
  namespaces: string[];
  /** The stored outline the explorer draws (taxonomy-outline-codec). */
  outline: Uint8Array;
}

/** What an uploaded IA file is, as stored with its taxonomy version. */
export interface CheckedIa {
  contentHash: string;
  terms: number;
}

export type EngineTaskResult =
  | { ok: true; value: unknown }
  | { ok: false; need: "files" }
  | { ok: false; error: { code: AppError["code"]; message: string; details: unknown } };

// Per thread, by content hash: a thread parses a taxonomy or gold file once. Bounded by an
// estimate of the bytes each holds (bytes-held.ts), not only by count: one parsed 325k-class
// taxonomy holds ≈ 96 MiB, one 1M-document gold ≈ 170 MiB with its labels and ≈ 60 MiB as ids.
const taxonomies = new LRUCache<string, Taxonomy>({ max: 8, maxSize: TAXONOMY_CACHE_BYTES, sizeCalculation: taxonomyBytes });
const golds = new LRUCache<string, LabelFile>({ max: 8, maxSize: GOLD_CACHE_BYTES, sizeCalculation: goldBytes });
/** The golds that only validation needs (check-gold, validate, data-file): their ids, without labels. */
const goldIds = new LRUCache<string, GoldDocumentIds>({ max: 8, maxSize: GOLD_IDS_CACHE_BYTES, sizeCalculation: goldIdsBytes });

class NeedFiles extends Error {}

function taxonomyOf(ref: TaxonomyRef): Taxonomy {
  const key = `${ref.hash}|${ref.maxDepth ?? "full"}`;
  const found = taxonomies.get(key);
  if (found) return found;
  if (!ref.content) throw new NeedFiles();
  const content = ref.content;
  const full = withInputErrors(() => parseTaxonomy(content, { fileName: ref.fileName }));
  const taxonomy = ref.maxDepth === null ? full : cutTaxonomy(full, ref.maxDepth);
  taxonomies.set(key, taxonomy);
  return taxonomy;
}

const iaFiles = new LRUCache<string, Map<string, number>>({ max: 8 });

/** An IA file's weights, parsed once per content hash (a compare task carries the file). */
function iaOf(ref: FileRef): Map<string, number> {
  let weights = iaFiles.get(ref.hash);
  if (!weights) {
    const content = ref.content;
    if (!content) throw new NeedFiles();
    weights = withInputErrors(() => parseIaFile(content, ref.fileName));
    iaFiles.set(ref.hash, weights);
  }
  return weights;
}

function goldKey(ref: GoldRef, taxonomyRef: TaxonomyRef): string {
  return `${ref.hash}|${taxonomyRef.hash}|${taxonomyRef.maxDepth ?? "full"}|${ref.section ?? "-"}`;
}

function parseGold(ref: GoldRef, taxonomy: Taxonomy): LabelFile {
  const content = ref.content;
  if (!content) throw new NeedFiles();
  return withInputErrors(() => parseLabelText(content, { taxonomy, role: "gold", fileName: ref.fileName, subtask: ref.section }));
}

/** The whole parsed gold, every document's labels included (scoring). */
function goldOf(ref: GoldRef, taxonomyRef: TaxonomyRef, taxonomy: Taxonomy): LabelFile {
  const key = goldKey(ref, taxonomyRef);
  const found = golds.get(key);
  if (found) return found;
  const gold = parseGold(ref, taxonomy);
  golds.set(key, gold);
  return gold;
}

/**
 * The gold's document ids, which is all that validating a prediction needs of it: kept without the
 * labels, so a web process that validates a 1M-document task holds ≈ 60 MiB for its gold, not ≈ 170.
 * `parsed`: the gold just parsed in full (check-gold), so it is not parsed again.
 */
function goldIdsOf(ref: GoldRef, taxonomyRef: TaxonomyRef, taxonomy: Taxonomy, parsed?: LabelFile): GoldDocumentIds {
  const key = goldKey(ref, taxonomyRef);
  const found = parsed ? undefined : (goldIds.get(key) ?? golds.get(key));
  if (found) return found;
  const gold = parsed ?? parseGold(ref, taxonomy);
  const entries = new Map<string, number>();
  for (const [id, document] of gold.entries) entries.set(id, document.line);
  const ids: GoldDocumentIds = { documents: gold.documents, entries };
  goldIds.set(key, ids);
  return ids;
}

function checkTaxonomy(fileName: string, content: Uint8Array): CheckedTaxonomy {
  const contentHash = sha256Hex(content);
  const taxonomy = withInputErrors(() => parseTaxonomy(content, { fileName }));
  taxonomies.set(`${contentHash}|full`, taxonomy); // the key taxonomyOf looks for
  const namespaces = taxonomy.children[ROOT]!.map((node) => taxonomy.names[node]!);
  return {
    contentHash,
    nodeCount: taxonomy.size,
    depth: taxonomy.maxDepth,
    isDag: taxonomy.isDag,
    warnings: [...taxonomy.warnings],
    namespaces,
    outline: encodeTaxonomyOutline(taxonomy),
  };
}

/** The thread's entry point: one task, its result or its AppError as plain data. */
export function runEngineTask(task: EngineTask): EngineTaskResult {
  try {
    if (task.kind === "check-taxonomy") return { ok: true, value: checkTaxonomy(task.fileName, task.content) };
    if (task.kind === "check-ia") {
      const weights = withInputErrors(() => parseIaFile(task.content, task.fileName));
      const value: CheckedIa = { contentHash: sha256Hex(task.content), terms: weights.size };
      return { ok: true, value };
    }
    const taxonomy = taxonomyOf(task.taxonomy);
    if (task.kind === "compare") {
      const setting = task.cafa && { subtask: { cafa: task.cafa.options }, ...(task.cafa.ia ? { ia: iaOf(task.cafa.ia) } : {}) };
      const value: { documents: number; tests: LabelledTest[] } = pairedTests(taxonomy, task.a, task.b, task.measures, setting);
      return { ok: true, value };
    }
    if (task.kind === "check-gold") {
      const contentHash = sha256Hex(task.content);
      const ref = { hash: contentHash, fileName: task.fileName, section: task.section, content: task.content };
      const gold = parseGold(ref, taxonomy);
      goldIdsOf(ref, task.taxonomy, taxonomy, gold); // kept for the uploads validated against it next
      const unlabelled = withInputErrors(() => checkGoldLabelled(gold));
      return { ok: true, value: { documents: gold.documents, unlabelled, contentHash } };
    }
    if (task.kind === "score") {
      const gold = goldOf(task.gold, task.taxonomy, taxonomy);
      const setup: ScoringSetup = {
        subtask: task.subtask,
        ...(task.ia ? { ia: task.ia } : {}),
        taxonomy,
        taxonomyHash: task.taxonomy.hash,
        gold,
        goldVersion: task.goldVersion,
        goldHash: task.gold.hash,
        split: task.split,
      };
      return { ok: true, value: scorePrediction(setup, task.content, task.fileName) };
    }
    if (task.kind === "data-file") {
      const ids = task.gold ? [...goldIdsOf(task.gold, task.taxonomy, taxonomy).entries.keys()] : null;
      return { ok: true, value: renderDataFile(taxonomy, ids, task.file, task.section) };
    }
    const gold = goldIdsOf(task.gold, task.taxonomy, taxonomy);
    const validated = validatePrediction(
      { taxonomy, gold },
      {
        section: task.gold.section,
        unknownLabels: task.unknownLabels,
        missingDocuments: task.missingDocuments,
        maxLabelsPerDocument: task.maxLabelsPerDocument,
        cafa: task.cafa,
      },
      task.content,
      task.fileName,
    );
    // Hashed here too: hashing tens of megabytes on the request thread blocks it.
    return { ok: true, value: { ...validated, contentHash: sha256Hex(task.content) } };
  } catch (error) {
    if (error instanceof NeedFiles) return { ok: false, need: "files" };
    if (error instanceof AppError) return { ok: false, error: { code: error.code, message: error.message, details: error.details } };
    throw error;
  }
}
