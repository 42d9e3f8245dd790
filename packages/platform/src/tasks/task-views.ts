import { storedCafaOptions, type CafaSubtaskOptions } from "../cafa/cafa-subtask-options.ts";
import type { GoldVersion, Phase, Subtask, TaxonomyVersion } from "@hierboard/db";
import { primaryDirectionOf } from "../scoring/measure-catalogue.ts";

export interface TaxonomyView {
  id: string;
  version: number;
  fileName: string;
  contentHash: string;
  nodeCount: number;
  depth: number;
  isDag: boolean;
  warnings: string[];
  /** Top-level nodes: the namespaces a CAFA-style subtask reports on. */
  namespaces: string[];
  /** The attached information-accretion file, for CAFA's weighted measures. */
  ia: { fileName: string; contentHash: string; terms: number } | null;
  createdAt: Date;
}

export interface SubtaskView {
  key: string;
  name: string;
  description: string;
  taxonomyVersionId: string;
  maxDepth: number | null;
  section: "a" | "b" | null;
  measuresShown: string[];
  primaryMeasure: string;
  /** Derived from the primary measure by the engine's registry, never set. */
  primaryDirection: "HIGHER" | "LOWER";
  unknownLabels: "error" | "drop";
  missingDocuments: "empty" | "error";
  /** Bootstrap resamples for the intervals; 0 = none. */
  bootstrap: number;
  /** Archived: hidden from the board, the Data tab and new submissions (organisers still see it). */
  archivedAt: Date | null;
  /** The most labels one document of a prediction may carry (for a CAFA-style subtask: scored terms per protein). */
  maxLabelsPerDocument: number;
  /** A CAFA-style subtask's options (score files, the cafa family); null for label-set predictions. */
  cafa: CafaSubtaskOptions | null;
  /** The board adds each team's mean rank over the shown measures. */
  showAverageRank: boolean;
}

/** Gold metadata only: the content never leaves the server. */
export interface GoldView {
  version: number;
  fileName: string;
  documents: number;
  /** Organisers only until the phase ends: with it a team could confirm a guessed gold file. */
  contentHash: string | null;
  createdAt: Date;
}

export interface PhaseView {
  key: string;
  name: string;
  startsAt: Date;
  endsAt: Date;
  visibility: "PUBLIC" | "PRIVATE";
  dailyLimit: number | null;
  totalLimit: number | null;
  rule: "BEST" | "LAST";
  blind: boolean;
  resultsPublishedAt: Date | null;
  finalRuns: number | null;
  finalRunsBoard: "RUNS" | "TEAM_BEST";
  /** The public share of the gold (a public/private split), or null. The split's key is never in a view. */
  publicFraction: number | null;
  /** Archived: hidden from the board, the Data tab and new submissions (organisers still see it). */
  archivedAt: Date | null;
  /** Teams edit their system descriptions and paper links until then; null: no deadline. */
  descriptionsCloseAt: Date | null;
  gold: GoldView | null;
}

export function toTaxonomyView(t: Omit<TaxonomyVersion, "content" | "iaContent" | "outline">): TaxonomyView {
  return {
    id: t.id,
    version: t.version,
    fileName: t.fileName,
    contentHash: t.contentHash,
    nodeCount: t.nodeCount,
    depth: t.depth,
    isDag: t.isDag,
    warnings: t.warnings,
    namespaces: t.namespaces,
    ia: t.iaFileName !== null && t.iaHash !== null ? { fileName: t.iaFileName, contentHash: t.iaHash, terms: t.iaTerms ?? 0 } : null,
    createdAt: t.createdAt,
  };
}

export function toSubtaskView(s: Subtask): SubtaskView {
  return {
    key: s.key,
    name: s.name,
    description: s.description,
    taxonomyVersionId: s.taxonomyVersionId,
    maxDepth: s.maxDepth,
    section: s.section === "a" || s.section === "b" ? s.section : null,
    measuresShown: s.measuresShown,
    primaryMeasure: s.primaryMeasure,
    primaryDirection: primaryDirectionOf(s.primaryMeasure),
    unknownLabels: s.unknownLabels,
    missingDocuments: s.missingDocuments,
    bootstrap: s.bootstrap,
    archivedAt: s.archivedAt,
    maxLabelsPerDocument: s.maxLabelsPerDocument,
    cafa: storedCafaOptions(s.cafa),
    showAverageRank: s.showAverageRank,
  };
}

/** `golds` must be ordered newest first; the first one is the current gold. */
export function toPhaseView(
  p: Phase & { golds: Pick<GoldVersion, "version" | "fileName" | "documents" | "contentHash" | "createdAt">[] },
): PhaseView {
  const gold = p.golds[0];
  return {
    key: p.key,
    name: p.name,
    startsAt: p.startsAt,
    endsAt: p.endsAt,
    visibility: p.visibility,
    dailyLimit: p.dailyLimit,
    totalLimit: p.totalLimit,
    rule: p.rule,
    blind: p.blind,
    resultsPublishedAt: p.resultsPublishedAt,
    finalRuns: p.finalRuns,
    finalRunsBoard: p.finalRunsBoard,
    publicFraction: p.publicFraction,
    archivedAt: p.archivedAt,
    descriptionsCloseAt: p.descriptionsCloseAt,
    gold: gold
      ? {
          version: gold.version,
          fileName: gold.fileName,
          documents: gold.documents,
          contentHash: gold.contentHash,
          createdAt: gold.createdAt,
        }
      : null,
  };
}

/** A phase view for people who are not its organisers: no gold hash before the phase ends. */
export function toPublicPhaseView(p: Parameters<typeof toPhaseView>[0], now: Date): PhaseView {
  const view = toPhaseView(p);
  return view.gold && now < p.endsAt ? { ...view, gold: { ...view.gold, contentHash: null } } : view;
}

/** Prisma `include` for phases with their current gold's metadata (never its content). */
export const phaseWithGold = {
  golds: {
    orderBy: { version: "desc" },
    take: 1,
    select: { version: true, fileName: true, documents: true, contentHash: true, createdAt: true },
  },
} as const;
