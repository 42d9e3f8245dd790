import { InputError, quote, quoteJson, quoteSequence } from "../errors/input-error.ts";
import type { Taxonomy } from "../taxonomy/taxonomy.ts";
import { ROOT } from "../taxonomy/taxonomy.ts";
import type { DocumentLabels, LabelRole, UnknownLabelPolicy } from "./label-file.ts";
import { unknownLabelError } from "./unknown-label-error.ts";
import { checkDelimiter } from "./wrong-delimiter.ts";

/** What a line parser needs to turn names into node ids, and what it tallies. */
export interface LineContext {
  readonly taxonomy: Taxonomy;
  readonly file: string | undefined;
  readonly role: LabelRole;
  readonly unknownLabels: UnknownLabelPolicy;
  tally: { droppedUnknown: number; unknownExamples: string[]; repeatedLabels: number; repeatedPaths: number };
}

/** Resolves a label name, applying the unknown-label policy (gold is always strict). */
function resolve(name: string, ctx: LineContext, line: number): number | undefined {
  const id = ctx.taxonomy.id(name);
  if (id !== undefined) return id;
  if (ctx.role === "gold" || ctx.unknownLabels === "error") throw unknownLabelError(name, ctx.taxonomy, { file: ctx.file, line });
  ctx.tally.droppedUnknown += 1;
  if (ctx.tally.unknownExamples.length < 5 && !ctx.tally.unknownExamples.includes(name)) ctx.tally.unknownExamples.push(name);
  return undefined;
}

function uniqueLabels(names: Iterable<string>, ctx: LineContext, line: number): number[] {
  const labels: number[] = [];
  // A set, not labels.includes: 100k labels on one line must not take quadratic time.
  const seen = new Set<number>();
  for (const name of names) {
    if (name === "") continue;
    const id = resolve(name, ctx, line);
    if (id === undefined) continue;
    if (seen.has(id)) ctx.tally.repeatedLabels += 1;
    else {
      seen.add(id);
      labels.push(id);
    }
  }
  // Without the spare room `push` leaves (17 elements for the first): a document held by a parsed
  // file keeps its labels, ≈ 110 bytes less each, ≈ 100 MiB less for a 1M-document file.
  return labels.slice();
}

/** `id<TAB>label<TAB>label…`; the line is stripped first and empty fields carry no label. */
export function parseTsvLine(raw: string, line: number, ctx: LineContext): DocumentLabels | undefined {
  const text = raw.trim();
  if (text === "") return undefined;
  const fields = text.split("\t");
  const id = fields[0]!;
  if (id === "") throw new InputError("EMPTY_FIELD", "expected a document id in column 1, got an empty field", { file: ctx.file, line });
  checkDelimiter(id, ctx.taxonomy, { file: ctx.file, line });
  return { id, line, labels: uniqueLabels(fields.slice(1), ctx, line) };
}

/** One JSON Lines object with `id` and exactly one of `labels`, `paths` or `scores`. */
export function parseJsonLine(raw: string, line: number, ctx: LineContext): DocumentLabels | undefined {
  if (raw.trim() === "") return undefined;
  const where = { file: ctx.file, line };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new InputError("BAD_JSON", `expected one JSON object per line, got malformed JSON (${(error as Error).message})`, where);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new InputError("BAD_SHAPE", `expected a JSON object, got ${quote(raw)}`, where);
  }
  const object = value as Record<string, unknown>;
  const rawId = object.id;
  if (!(typeof rawId === "string" && rawId !== "") && !(typeof rawId === "number" && Number.isFinite(rawId))) {
    throw new InputError("BAD_SHAPE", `expected "id" to be a non-empty string or a number, got ${quoteJson(rawId)}`, where);
  }
  const id = String(rawId);
  const kinds = (["labels", "paths", "scores"] as const).filter((k) => k in object);
  if (kinds.length !== 1) {
    throw new InputError(
      "BAD_SHAPE",
      `expected exactly one of "labels", "paths" or "scores", got ${kinds.length === 0 ? "none" : kinds.join(" and ")}`,
      where,
    );
  }
  const kind = kinds[0]!;
  if (kind === "labels") return { id, line, labels: uniqueLabels(stringArray(object.labels, "labels", where), ctx, line) };
  if (kind === "paths") return pathsEntry(id, object.paths, line, ctx);
  return scoresEntry(id, object.scores, line, ctx);
}

function stringArray(value: unknown, field: string, where: { file: string | undefined; line: number }): string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) {
    throw new InputError("BAD_SHAPE", `expected "${field}" to be an array of strings, got ${quoteJson(value)}`, where);
  }
  return value as string[];
}

function pathsEntry(id: string, value: unknown, line: number, ctx: LineContext): DocumentLabels {
  const where = { file: ctx.file, line };
  if (!Array.isArray(value))
    throw new InputError("BAD_SHAPE", `expected "paths" to be an array of label arrays, got ${quoteJson(value)}`, where);
  const paths: number[][] = [];
  const seen = new Set<string>();
  for (const entry of value) {
    const names = stringArray(entry, "paths[]", where).filter((n) => n !== "");
    if (names.length === 0) continue;
    const path = [ROOT];
    let known = true;
    for (const name of names) {
      const node = resolve(name, ctx, line);
      if (node === undefined) {
        known = false;
        break;
      }
      const parent = path[path.length - 1]!;
      if (!ctx.taxonomy.isChildOf(node, parent)) {
        const above = parent === ROOT ? "the root (a top-level label)" : `a child of ${quote(ctx.taxonomy.names[parent]!)}`;
        throw new InputError(
          "PATH_NOT_EDGE",
          `expected ${quote(name)} to be ${above} in the path [${quoteSequence(names, ", ")}], got no such edge`,
          where,
        );
      }
      path.push(node);
    }
    if (!known) continue;
    const key = path.join(",");
    if (seen.has(key)) ctx.tally.repeatedPaths += 1;
    else {
      seen.add(key);
      paths.push(path);
    }
  }
  const labels = [...new Set(paths.map((path) => path[path.length - 1]!))];
  return { id, line, labels, paths };
}

function scoresEntry(id: string, value: unknown, line: number, ctx: LineContext): DocumentLabels {
  const where = { file: ctx.file, line };
  if (ctx.role === "gold") throw new InputError("SCORES_IN_GOLD", 'expected gold labels as "labels" or "paths", got "scores"', where);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new InputError("BAD_SHAPE", `expected "scores" to be an object of label → score, got ${quoteJson(value)}`, where);
  }
  const scores = new Map<number, number>();
  for (const [name, score] of Object.entries(value as Record<string, unknown>)) {
    if (typeof score !== "number" || !(score >= 0 && score <= 1)) {
      throw new InputError("BAD_SCORE", `expected the score of ${quote(name)} to be a number in [0, 1], got ${quoteJson(score)}`, where);
    }
    const node = resolve(name, ctx, line);
    if (node !== undefined) scores.set(node, score);
  }
  return { id, line, labels: [], scores };
}
