import type { Db, Subtask } from "@hierboard/db";
import {
  cutTaxonomy,
  parseCafaScores,
  parseIaFile,
  parseLabelText,
  parseTaxonomy,
  type LabelFile,
  type Taxonomy,
} from "@hierboard/metrics";
import { AppError, withInputErrors } from "../../errors/app-error.ts";
import { LRUCache } from "lru-cache";
import { goldSplitOf, type GoldSplit } from "../../gold-split/gold-part.ts";
import { processWide } from "../../context/process-wide.ts";

/** Everything needed to validate or score a prediction for one subtask of one phase. */
export interface ScoringSetup {
  subtask: Pick<
    Subtask,
    | "id"
    | "maxDepth"
    | "section"
    | "unknownLabels"
    | "missingDocuments"
    | "measuresShown"
    | "bootstrap"
    | "primaryMeasure"
    | "maxLabelsPerDocument"
    | "cafa"
  >;
  taxonomy: Taxonomy;
  /** A CAFA-style subtask's IA weights (its taxonomy version's IA file), when one is attached. */
  ia?: ReadonlyMap<string, number>;
  taxonomyHash: string;
  gold: LabelFile;
  goldVersion: number;
  goldHash: string;
  /** The phase's public/private split: each submission is then also scored on both parts. */
  split?: GoldSplit | null;
}

/** A gold version as the sharded path knows it: never its content (see gold-documents). */
export interface GoldReference {
  id: string;
  fileName: string;
  /** The largest document count any subtask reads (an upper bound for one subtask). */
  documents: number;
  /** Set once its documents are stored by row (GoldDocument). */
  documentFormat: string | null;
}

/** A scoring setup without the parsed gold: what a shard and the streaming merge hold. */
export type TaxonomySetup = Omit<ScoringSetup, "gold"> & { goldRef: GoldReference };

// Parsed objects are immutable, so one copy serves every request and job in the process.
const taxonomies = processWide("scoring-setup.taxonomies", () => new LRUCache<string, Taxonomy>({ max: 16 }));
const golds = processWide("scoring-setup.golds", () => new LRUCache<string, LabelFile>({ max: 16 }));
const iaFiles = processWide("scoring-setup.ia-files", () => new LRUCache<string, Map<string, number>>({ max: 8 }));

function section(value: string | null): "a" | "b" | undefined {
  return value === "a" || value === "b" ? value : undefined;
}

/**
 * Loads the subtask, its (cut) taxonomy, parsed once per content hash, and a reference to the
 * phase's current gold (or `goldVersion`), without reading the gold's content.
 */
export async function loadScoringTaxonomy(
  db: Db,
  ids: { subtaskId: string; phaseId: string; goldVersion?: number },
): Promise<TaxonomySetup & { taxonomyKey: string; goldContentHash: string }> {
  const subtask = await db.subtask.findUnique({
    where: { id: ids.subtaskId },
    include: { taxonomyVersion: { select: { id: true, contentHash: true, fileName: true, iaHash: true, iaFileName: true } } },
  });
  if (!subtask) throw new AppError("NOT_FOUND", "No such subtask.");
  const phase = await db.phase.findUnique({ where: { id: ids.phaseId }, select: { publicFraction: true, splitKey: true } });
  const gold = await db.goldVersion.findFirst({
    where: { phaseId: ids.phaseId, ...(ids.goldVersion !== undefined ? { version: ids.goldVersion } : {}) },
    orderBy: { version: "desc" },
    select: { id: true, version: true, contentHash: true, fileName: true, documents: true, documentFormat: true },
  });
  if (!gold) throw new AppError("GOLD_MISSING", "The organisers have not uploaded the gold labels of this phase yet.");

  const tv = subtask.taxonomyVersion;
  const taxonomyKey = `${tv.contentHash}|${subtask.maxDepth ?? "full"}`;
  let taxonomy = taxonomies.get(taxonomyKey);
  if (!taxonomy) {
    const row = await db.taxonomyVersion.findUniqueOrThrow({ where: { id: tv.id }, select: { content: true } });
    const full = withInputErrors(() => parseTaxonomy(row.content, { fileName: tv.fileName }));
    taxonomy = subtask.maxDepth === null ? full : cutTaxonomy(full, subtask.maxDepth);
    taxonomies.set(taxonomyKey, taxonomy);
  }
  let ia: Map<string, number> | undefined;
  if (subtask.cafa !== null && tv.iaHash !== null) {
    ia = iaFiles.get(tv.iaHash);
    if (!ia) {
      const row = await db.taxonomyVersion.findUniqueOrThrow({ where: { id: tv.id }, select: { iaContent: true } });
      const content = row.iaContent!;
      ia = withInputErrors(() => parseIaFile(content, tv.iaFileName ?? undefined));
      iaFiles.set(tv.iaHash, ia);
    }
  }
  const { taxonomyVersion: _tv, ...subtaskFields } = subtask;
  return {
    subtask: subtaskFields,
    ...(ia ? { ia } : {}),
    taxonomy,
    taxonomyHash: tv.contentHash,
    taxonomyKey,
    goldVersion: gold.version,
    goldHash: gold.contentHash,
    split: phase ? goldSplitOf(phase) : null,
    goldContentHash: gold.contentHash,
    goldRef: { id: gold.id, fileName: gold.fileName, documents: gold.documents, documentFormat: gold.documentFormat },
  };
}

/**
 * Loads the subtask's (cut) taxonomy and the phase's current gold (or `goldVersion`), parsing each
 * file once per content hash. File contents are read from the database only on a cache miss.
 */
export async function loadScoringSetup(db: Db, ids: { subtaskId: string; phaseId: string; goldVersion?: number }): Promise<ScoringSetup> {
  const { taxonomyKey, goldContentHash, goldRef, ...base } = await loadScoringTaxonomy(db, ids);
  const { subtask, taxonomy } = base;
  const goldKey = `${goldContentHash}|${taxonomyKey}|${subtask.section ?? "-"}`;
  let goldFile = golds.get(goldKey);
  if (!goldFile) {
    const row = await db.goldVersion.findUniqueOrThrow({ where: { id: goldRef.id }, select: { content: true } });
    goldFile = withInputErrors(() =>
      parseLabelText(row.content, { taxonomy, role: "gold", fileName: goldRef.fileName, subtask: section(subtask.section) }),
    );
    golds.set(goldKey, goldFile);
  }
  return { ...base, gold: goldFile };
}

/**
 * Parses a prediction file under the subtask's policies; INVALID_FILE with file:line on error.
 * `checkLimit` applies the subtask's labels-per-document limit (scoring does; reading back a file
 * that was accepted under an earlier limit does not).
 */
export function parsePrediction(setup: ScoringSetup, content: Uint8Array, fileName: string, checkLimit = false): LabelFile {
  if (setup.subtask.cafa !== null) {
    const maxTermsPerProtein = checkLimit ? setup.subtask.maxLabelsPerDocument : undefined;
    return withInputErrors(() => parseCafaScores(content, { taxonomy: setup.taxonomy, fileName, maxTermsPerProtein }));
  }
  return withInputErrors(() =>
    parseLabelText(content, {
      taxonomy: setup.taxonomy,
      role: "prediction",
      fileName,
      subtask: section(setup.subtask.section),
      unknownLabels: setup.subtask.unknownLabels,
      maxLabelsPerDocument: checkLimit ? setup.subtask.maxLabelsPerDocument : undefined,
    }),
  );
}
