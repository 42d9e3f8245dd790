import { InputError, quote } from "../errors/input-error.ts";
import { ProblemCollector } from "../errors/problem-collector.ts";
import type { Taxonomy } from "../taxonomy/taxonomy.ts";
import type { DocumentLabels, LabelFile, LabelFormat, LabelRole, Subtask, UnknownLabelPolicy } from "./label-file.ts";
import { checkLabelsPerDocument } from "./check-labels-per-document.ts";
import { parseJsonLine, parseTsvLine, type LineContext } from "./parse-label-line.ts";

export interface LabelFileOptions {
  readonly taxonomy: Taxonomy;
  readonly role: LabelRole;
  readonly fileName?: string;
  /** Which section of a GermEval two-section file to read. */
  readonly subtask?: Subtask;
  /** Policy for prediction labels missing from the taxonomy; gold is always strict. Default `error`. */
  readonly unknownLabels?: UnknownLabelPolicy;
  /** Forces a format instead of detecting it from the first line or the file extension. */
  readonly format?: LabelFormat;
  /** The most labels a prediction's document may carry (`checkLabelsPerDocument`); no limit when absent. */
  readonly maxLabelsPerDocument?: number;
  /**
   * Default true. False keeps each document as its id and line only (no labels, paths or scores),
   * for a caller that checks a file and never scores it: the same problems and warnings, a third
   * less memory (104 instead of 167 MiB for 1M documents of 3 labels).
   */
  readonly keepLabels?: boolean;
}

const NO_LABELS: readonly number[] = [];

const SECTION = /^subtask_([ab])$/;

/**
 * A line-at-a-time reader of gold and prediction files, so a file is streamed
 * once and never held as a whole. Feed it with `push`, then call `finish`.
 */
export class LabelFileParser {
  readonly #options: LabelFileOptions;
  readonly #ctx: LineContext;
  readonly #entries = new Map<string, DocumentLabels>();
  #format: LabelFormat | undefined;
  #section: Subtask | undefined;
  readonly #sectionsSeen: Subtask[] = [];
  #hasScores = false;
  #sawContent = false;
  readonly #problems = new ProblemCollector();

  constructor(options: LabelFileOptions) {
    this.#options = options;
    this.#format = options.format;
    this.#ctx = {
      taxonomy: options.taxonomy,
      file: options.fileName,
      role: options.role,
      unknownLabels: options.unknownLabels ?? "error",
      tally: { droppedUnknown: 0, unknownExamples: [], repeatedLabels: 0, repeatedPaths: 0 },
    };
  }

  /**
   * Reads one line. A problem on it (an unknown label, a repeated id, …) is kept and reading goes
   * on, so that `finish` reports every problem of the file at once (up to `MAX_PROBLEMS`, when
   * `push` throws); a misplaced section header ends the reading at once.
   */
  push(line: string, lineNumber: number): void {
    try {
      this.#readLine(line, lineNumber);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      this.#problems.add(error);
      if (error.code === "SECTION") this.#problems.throwIfAny();
    }
  }

  #readLine(line: string, lineNumber: number): void {
    const trimmed = line.trim();
    if (trimmed === "") return;
    this.#format ??= detectFormat(trimmed, this.#options.fileName);
    this.#sawContent = true;
    if (this.#format === "germeval") {
      const header = SECTION.exec(trimmed);
      if (header) {
        this.#enterSection(header[1] as Subtask, lineNumber);
        return;
      }
      if (this.#section === undefined) {
        throw new InputError(
          "SECTION",
          `expected a "subtask_a" or "subtask_b" header before the first document, got ${JSON.stringify(trimmed.slice(0, 40))}`,
          {
            file: this.#options.fileName,
            line: lineNumber,
          },
        );
      }
      if (this.#options.subtask !== undefined && this.#section !== this.#options.subtask) return;
    }
    const entry = this.#format === "jsonl" ? parseJsonLine(line, lineNumber, this.#ctx) : parseTsvLine(line, lineNumber, this.#ctx);
    if (entry === undefined) return;
    if (this.#options.role === "prediction" && this.#options.maxLabelsPerDocument !== undefined)
      checkLabelsPerDocument(entry, this.#options.maxLabelsPerDocument, this.#options.fileName);
    const earlier = this.#entries.get(entry.id);
    if (earlier) {
      throw new InputError("DUPLICATE_ID", `expected each document id once, got ${quote(entry.id)} again (first on line ${earlier.line})`, {
        file: this.#options.fileName,
        line: lineNumber,
      });
    }
    if (entry.scores) this.#hasScores = true;
    this.#entries.set(entry.id, this.#options.keepLabels === false ? { id: entry.id, line: entry.line, labels: NO_LABELS } : entry);
  }

  finish(): LabelFile {
    this.#problems.throwIfAny();
    const { fileName, subtask, role } = this.#options;
    if (this.#format === "germeval" && subtask !== undefined && !this.#sectionsSeen.includes(subtask)) {
      throw new InputError(
        "SECTION",
        `expected a "subtask_${subtask}" section, got only ${this.#sectionsSeen.map((s) => `"subtask_${s}"`).join(" and ")}`,
        { file: fileName },
      );
    }
    if (role === "gold" && this.#entries.size === 0) {
      throw new InputError("EMPTY_FILE", "expected at least one gold document, got none", { file: fileName });
    }
    const { droppedUnknown } = this.#ctx.tally;
    const warnings = parseTallyWarnings(fileName ?? role, role, this.#sawContent, this.#ctx.tally);
    return {
      fileName,
      format: this.#format ?? "tsv",
      role,
      documents: this.#entries.size,
      entries: this.#entries,
      droppedUnknown,
      hasScores: this.#hasScores,
      warnings,
    };
  }

  /**
   * What the lines pushed so far tallied (dropped unknown labels, repeats) and whether any held
   * content: the parts of a file parsed in shards combine with `mergeParseTallies`.
   */
  get tally(): ParseTally {
    const { droppedUnknown, unknownExamples, repeatedLabels, repeatedPaths } = this.#ctx.tally;
    return { sawContent: this.#sawContent, droppedUnknown, unknownExamples: [...unknownExamples], repeatedLabels, repeatedPaths };
  }

  #enterSection(section: Subtask, lineNumber: number): void {
    const file = this.#options.fileName;
    if (this.#sectionsSeen.includes(section)) {
      throw new InputError("SECTION", `expected each section header once, got "subtask_${section}" again`, { file, line: lineNumber });
    }
    this.#sectionsSeen.push(section);
    if (this.#options.subtask === undefined && this.#sectionsSeen.length > 1) {
      throw new InputError(
        "SECTION",
        'expected a subtask to choose between the sections "subtask_a" and "subtask_b", got none (use --subtask a|b)',
        {
          file,
          line: lineNumber,
        },
      );
    }
    this.#section = section;
  }
}

function detectFormat(firstLine: string, fileName: string | undefined): LabelFormat {
  if (SECTION.test(firstLine)) return "germeval";
  if (firstLine.startsWith("{")) return "jsonl";
  if (fileName && /\.jsonl?$/i.test(fileName)) return "jsonl";
  return "tsv";
}

/** The counts behind a label file's warnings; additive over consecutive parts of one file. */
export interface ParseTally {
  readonly sawContent: boolean;
  readonly droppedUnknown: number;
  /** The first (at most 5) distinct unknown label names, in file order. */
  readonly unknownExamples: readonly string[];
  readonly repeatedLabels: number;
  readonly repeatedPaths: number;
  /** Documents left out because the gold lacks them (a CAFA score file's proteins), when counted. */
  readonly ignoredDocuments?: number;
}

const UNKNOWN_EXAMPLES = 5;

/**
 * Combines the tallies of consecutive parts of one file, in file order, into the tally of the
 * whole: counts add, and the examples are the first distinct names of the concatenation (each
 * part keeps its first 5 distinct names, so the whole's first 5 are among them).
 *
 * @example
 * mergeParseTallies([partA.tally, partB.tally]); // equals the tally of parsing A then B at once
 */
export function mergeParseTallies(parts: readonly ParseTally[]): ParseTally {
  const examples: string[] = [];
  for (const part of parts)
    for (const name of part.unknownExamples) if (examples.length < UNKNOWN_EXAMPLES && !examples.includes(name)) examples.push(name);
  return {
    sawContent: parts.some((p) => p.sawContent),
    droppedUnknown: parts.reduce((n, p) => n + p.droppedUnknown, 0),
    unknownExamples: examples,
    repeatedLabels: parts.reduce((n, p) => n + p.repeatedLabels, 0),
    repeatedPaths: parts.reduce((n, p) => n + p.repeatedPaths, 0),
    ...(parts.some((p) => p.ignoredDocuments !== undefined)
      ? { ignoredDocuments: parts.reduce((n, p) => n + (p.ignoredDocuments ?? 0), 0) }
      : {}),
  };
}

/** The warnings `LabelFileParser.finish` reports for a tally (`name`: the file name, or the role). */
export function parseTallyWarnings(name: string, role: LabelRole, sawContent: boolean, tally: Omit<ParseTally, "sawContent">): string[] {
  const warnings: string[] = [];
  const { droppedUnknown, unknownExamples, repeatedLabels, repeatedPaths } = tally;
  if (!sawContent && role === "prediction")
    warnings.push(`${name}: the prediction file is empty; every document counts as an empty prediction`);
  if (droppedUnknown > 0) {
    warnings.push(
      `${name}: dropped ${droppedUnknown} unknown label${droppedUnknown === 1 ? "" : "s"} (e.g. ${unknownExamples.map((e) => JSON.stringify(e)).join(", ")})`,
    );
  }
  if (repeatedLabels > 0)
    warnings.push(`${name}: ${repeatedLabels} repeated label${repeatedLabels === 1 ? "" : "s"} within a document counted once`);
  if (repeatedPaths > 0)
    warnings.push(`${name}: ${repeatedPaths} repeated path${repeatedPaths === 1 ? "" : "s"} within a document counted once`);
  return warnings;
}
