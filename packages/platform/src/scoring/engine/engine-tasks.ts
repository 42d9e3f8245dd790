// Runs inside an engine thread (see engine-pool.ts): never imported by the request thread.
import {
  checkGoldLabelled,
  cutTaxonomy,
  parseIaFile,
  parseLabelText,
  ROOT,
  parseTaxonomy,
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

// Per thread, by content hash: a thread parses a taxonomy or gold file once.
const taxonomies = new LRUCache<string, Taxonomy>({ max: 8 });
const golds = new LRUCache<string, LabelFile>({ max: 8 });

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

function goldOf(ref: GoldRef, taxonomyRef: TaxonomyRef, taxonomy: Taxonomy): LabelFile {
  const key = `${ref.hash}|${taxonomyRef.hash}|${taxonomyRef.maxDepth ?? "full"}|${ref.section ?? "-"}`;
  const found = golds.get(key);
  if (found) return found;
  if (!ref.content) throw new NeedFiles();
  const content = ref.content;
  const gold = withInputErrors(() => parseLabelText(content, { taxonomy, role: "gold", fileName: ref.fileName, subtask: ref.section }));
  golds.set(key, gold);
  return gold;
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
      const gold = goldOf(ref, task.taxonomy, taxonomy);
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
      const ids = task.gold ? [...goldOf(task.gold, task.taxonomy, taxonomy).entries.keys()] : null;
      return { ok: true, value: renderDataFile(taxonomy, ids, task.file, task.section) };
    }
    const gold = goldOf(task.gold, task.taxonomy, taxonomy);
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
