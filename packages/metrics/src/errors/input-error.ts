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
  | "BAD_OPTION";

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

  constructor(code: InputErrorCode, detail: string, where: InputErrorLocation = {}) {
    super(formatLocation(where) + detail);
    this.name = "InputError";
    this.code = code;
    this.file = where.file;
    this.line = where.line;
    this.detail = detail;
  }
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
