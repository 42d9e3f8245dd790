/** Machine-readable reasons an input can be refused. */
export type InputErrorCode =
  | "EMPTY_FILE"
  | "NOT_UTF8"
  | "COLUMN_COUNT"
  | "EMPTY_FIELD"
  | "SELF_LOOP"
  | "CYCLE"
  | "BAD_JSON"
  | "BAD_SHAPE"
  | "UNKNOWN_LABEL"
  | "DUPLICATE_ID"
  | "ID_NOT_IN_GOLD"
  | "MISSING_DOCUMENTS"
  | "PATH_NOT_EDGE"
  | "SECTION"
  | "SCORES_IN_GOLD"
  | "BAD_SCORE"
  | "BAD_OPTION"
  | "TOO_LARGE"
  | "WRONG_DELIMITER"
  | "UNLABELLED_GOLD"
  | "TOO_MANY_LABELS";

export interface InputErrorLocation {
  readonly file?: string;
  readonly line?: number;
}

/**
 * The one error type for input a user can fix. Its message reads
 * `file:line: expected …, got …` and never carries a stack trace to the user.
 */
export class InputError extends Error {
  readonly code: InputErrorCode;
  readonly file: string | undefined;
  readonly line: number | undefined;
  /** The message without the `file:line:` prefix. */
  readonly detail: string;
  /**
   * Every problem found in the input, in file order, this one first (at most `MAX_PROBLEMS`);
   * just this one for an error raised alone.
   */
  readonly problems: readonly InputError[];
  /** One sentence that explains a pattern among the problems (e.g. the wrong field separator), if one does. */
  readonly hint: string | undefined;

  constructor(
    code: InputErrorCode,
    detail: string,
    where: InputErrorLocation = {},
    more: { hint?: string; problems?: readonly InputError[] } = {},
  ) {
    const others = (more.problems?.length ?? 1) - 1;
    super(formatLocation(where) + detail + (others > 0 ? ` (and ${others} more problem${others === 1 ? "" : "s"})` : ""));
    this.name = "InputError";
    this.code = code;
    this.file = where.file;
    this.line = where.line;
    this.detail = detail;
    this.problems = more.problems ?? [this];
    this.hint = more.hint;
  }

  /**
   * One error for several problems of one input: the first one's code, place and message (with
   * how many more there are), all of them in `problems`, and the hint most of them share.
   *
   * @example
   * InputError.collected([lineTwo, lineFive]).message; // "pred.tsv:2: expected …, got … (and 1 more problem)"
   */
  static collected(problems: readonly InputError[]): InputError {
    const first = problems[0];
    if (!first) throw new Error("InputError.collected needs at least one problem");
    if (problems.length === 1) return first;
    return new InputError(first.code, first.detail, { file: first.file, line: first.line }, { hint: sharedHint(problems), problems });
  }
}

/** At most this many problems of one input are collected; the input is refused at the first beyond. */
export const MAX_PROBLEMS = 50;

/** The hint carried by the most problems, if at least half of them carry it. */
function sharedHint(problems: readonly InputError[]): string | undefined {
  const counts = new Map<string, number>();
  for (const p of problems) if (p.hint !== undefined) counts.set(p.hint, (counts.get(p.hint) ?? 0) + 1);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] * 2 >= problems.length ? best[0] : undefined;
}

function formatLocation({ file, line }: InputErrorLocation): string {
  if (file === undefined && line === undefined) return "";
  if (line === undefined) return `${file}: `;
  return `${file ?? "input"}:${line}: `;
}

/** Shortens a user-supplied value for an error message. */
export function quote(value: string, max = 60): string {
  const shown = value.length > max ? `${value.slice(0, max)}…` : value;
  return JSON.stringify(shown);
}

/** Quotes a sequence of user-supplied names, only its ends when it is long (a 100k-node cycle or path). */
export function quoteSequence(items: readonly string[], separator: string, max = 12): string {
  if (items.length <= max) return items.map((item) => quote(item)).join(separator);
  const ends = (part: readonly string[]) => part.map((item) => quote(item));
  return [...ends(items.slice(0, 5)), `… ${items.length - 10} more …`, ...ends(items.slice(-5))].join(separator);
}

/**
 * Shortens a parsed JSON value for an error message. JSON.stringify recurses,
 * so a value nested 100k deep (which JSON.parse accepts) would overflow the
 * stack; such a value is described instead.
 */
export function quoteJson(value: unknown, max = 60): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return "a value nested too deeply to show";
  }
  return quote(text ?? "nothing", max);
}
