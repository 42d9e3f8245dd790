import type { Db } from "@hierboard/db";
import { LabelFileParser, type DocumentLabels, type LabelFormat, type ParseTally } from "@hierboard/metrics";
import { withInputErrors } from "../../errors/app-error.ts";
import type { TaxonomySetup } from "./load-scoring-setup.ts";

interface StoredGoldRow {
  documentId: string;
  position: number;
  line: number;
  section: string;
  text: string;
}

/** Parsed gold documents of one part of the gold, by id, with their gold positions. */
export interface GoldPart {
  entries: Map<string, DocumentLabels>;
  positionOf: Map<string, number>;
  tally: ParseTally;
}

/** The stored sections a subtask reads: its own (or any, without one) and "" (not a GermEval file). */
function sectionsOf(setup: TaxonomySetup): string[] {
  const s = setup.subtask.section;
  return s === "a" || s === "b" ? ["", s] : ["", "a", "b"];
}

/** Parses stored gold lines exactly as the whole file is parsed for this subtask (same parser, same line numbers). */
function parseRows(setup: TaxonomySetup, rows: StoredGoldRow[]): GoldPart {
  const section = setup.subtask.section === "a" || setup.subtask.section === "b" ? setup.subtask.section : undefined;
  const parser = new LabelFileParser({
    taxonomy: setup.taxonomy,
    role: "gold",
    fileName: setup.goldRef.fileName,
    subtask: section,
    format: (setup.goldRef.documentFormat ?? undefined) as LabelFormat | undefined,
  });
  const positionOf = new Map<string, number>();
  rows.sort((a, b) => a.line - b.line);
  withInputErrors(() => {
    if (rows[0]?.section) parser.push(`subtask_${rows[0].section}`, rows[0].line - 1);
    for (const row of rows) {
      parser.push(row.text, row.line);
      positionOf.set(row.documentId, row.position);
    }
  });
  const tally = parser.tally;
  const entries = rows.length ? (withInputErrors(() => parser.finish()).entries as Map<string, DocumentLabels>) : new Map();
  return { entries, positionOf, tally };
}

const ID_BATCH = 10_000;

/** The gold documents of these ids (those the gold has), parsed: what one shard needs. */
export async function goldOfIds(db: Db, setup: TaxonomySetup, ids: readonly string[]): Promise<GoldPart> {
  const rows: StoredGoldRow[] = [];
  const sections = sectionsOf(setup);
  for (let at = 0; at < ids.length; at += ID_BATCH) {
    const batch = ids.slice(at, at + ID_BATCH);
    rows.push(
      ...(await db.$queryRaw<StoredGoldRow[]>`
        SELECT "documentId", "position", "line", "section", "text" FROM "GoldDocument"
        WHERE "goldVersionId" = ${setup.goldRef.id} AND "section" = ANY(${sections}::text[]) AND "documentId" = ANY(${batch}::text[])`),
    );
  }
  return parseRows(setup, rows);
}

/** The gold documents at positions [from, to), parsed, in gold order: one bucket of the merge. */
export async function goldOfPositions(db: Db, setup: TaxonomySetup, from: number, to: number): Promise<GoldPart> {
  const rows = await db.$queryRaw<StoredGoldRow[]>`
    SELECT "documentId", "position", "line", "section", "text" FROM "GoldDocument"
    WHERE "goldVersionId" = ${setup.goldRef.id} AND "section" = ANY(${sectionsOf(setup)}::text[])
      AND "position" >= ${from} AND "position" < ${to}`;
  return parseRows(setup, rows);
}

/** How many gold documents the subtask scores against. */
export async function goldDocumentCount(db: Db, setup: TaxonomySetup): Promise<number> {
  const rows = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM "GoldDocument"
    WHERE "goldVersionId" = ${setup.goldRef.id} AND "section" = ANY(${sectionsOf(setup)}::text[])`;
  return rows[0]?.n ?? 0;
}
