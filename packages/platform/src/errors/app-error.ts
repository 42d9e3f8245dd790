import { InputError } from "@hierboard/metrics";

/**
 * Every error code the platform raises, with its HTTP status and whether running the same call
 * again can succeed (`retryable`: the cause is load, a limit window or a fault of ours, not the
 * input). The web app maps errors to responses and the worker decides retry or give-up through
 * this table only.
 */
export const APP_ERRORS = {
  INVALID_INPUT: { status: 422, retryable: false },
  INVALID_FILE: { status: 422, retryable: false },
  WEAK_PASSWORD: { status: 422, retryable: false },
  BAD_REQUEST: { status: 400, retryable: false },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, retryable: false },
  UNAUTHENTICATED: { status: 401, retryable: false },
  INVALID_TOKEN: { status: 401, retryable: false },
  LINK_REFUSED: { status: 410, retryable: false },
  ADDRESS_UNCONFIRMED: { status: 403, retryable: false },
  FORBIDDEN: { status: 403, retryable: false },
  NOT_A_MEMBER: { status: 403, retryable: false },
  PHASE_CLOSED: { status: 403, retryable: false },
  DESCRIPTIONS_CLOSED: { status: 403, retryable: false },
  CROSS_ORIGIN: { status: 403, retryable: false },
  TOKEN_SCOPE: { status: 403, retryable: false },
  NOT_FOUND: { status: 404, retryable: false },
  REQUEST_TIMEOUT: { status: 408, retryable: false },
  CONFLICT: { status: 409, retryable: false },
  GOLD_MISSING: { status: 409, retryable: false },
  NOT_READY: { status: 409, retryable: false },
  LATER_SUBMISSIONS: { status: 409, retryable: false },
  TASK_NOT_OPEN: { status: 403, retryable: false },
  TEAM_NOT_ALLOWED: { status: 403, retryable: false },
  FILE_TOO_LARGE: { status: 413, retryable: false },
  SUBMISSION_LIMIT_REACHED: { status: 429, retryable: false },
  RATE_LIMITED: { status: 429, retryable: true },
  TOO_MANY_ATTEMPTS: { status: 429, retryable: true },
  INTERNAL: { status: 500, retryable: true },
  SERVER_BUSY: { status: 503, retryable: true },
  /** A job ran past its time budget: the same file would again (final, not retried). */
  SCORING_TIMEOUT: { status: 504, retryable: false },
} as const satisfies Record<string, { status: number; retryable: boolean }>;

export type AppErrorCode = keyof typeof APP_ERRORS;

/** One line-numbered problem in an uploaded file. */
export interface FileIssue {
  message: string;
  /** The message without the `file:line:` prefix. */
  detail: string;
  code: string;
  file?: string;
  line?: number;
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly details: unknown;

  constructor(code: AppErrorCode, message?: string, details?: unknown) {
    super(message ?? code);
    this.name = "AppError";
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return APP_ERRORS[this.code].status;
  }

  /** Whether running the same call again can succeed (see APP_ERRORS). */
  get retryable(): boolean {
    return APP_ERRORS[this.code].retryable;
  }
}

export function httpStatusFor(error: AppError | AppErrorCode): number {
  return APP_ERRORS[typeof error === "string" ? error : error.code].status;
}

/**
 * The engine's InputError as an INVALID_FILE AppError, with `details.issues` for the UI: every
 * problem the engine collected (up to MAX_PROBLEMS), and `details.hint` when a pattern explains them.
 */
export function invalidFile(error: InputError): AppError {
  const issues = error.problems.map(
    (problem): FileIssue => ({
      message: problem.message,
      detail: problem.detail,
      code: problem.code,
      ...(problem.file !== undefined ? { file: problem.file } : {}),
      ...(problem.line !== undefined ? { line: problem.line } : {}),
    }),
  );
  return new AppError("INVALID_FILE", error.message, { issues, ...(error.hint !== undefined ? { hint: error.hint } : {}) });
}

/** Runs engine code, turning its InputError into INVALID_FILE. */
export function withInputErrors<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof InputError) throw invalidFile(error);
    throw error;
  }
}
