import { InputError } from "@hierboard/metrics";

/**
 * Every error code the platform raises, with its HTTP status. The web app maps errors to
 * responses through this table only.
 */
export const APP_ERROR_STATUS = {
  INVALID_INPUT: 422,
  INVALID_FILE: 422,
  WEAK_PASSWORD: 422,
  BAD_REQUEST: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAUTHENTICATED: 401,
  INVALID_TOKEN: 401,
  FORBIDDEN: 403,
  NOT_A_MEMBER: 403,
  PHASE_CLOSED: 403,
  CROSS_ORIGIN: 403,
  TOKEN_SCOPE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GOLD_MISSING: 409,
  NOT_READY: 409,
  LATER_SUBMISSIONS: 409,
  TASK_NOT_OPEN: 403,
  TEAM_NOT_ALLOWED: 403,
  FILE_TOO_LARGE: 413,
  SUBMISSION_LIMIT_REACHED: 429,
  RATE_LIMITED: 429,
  TOO_MANY_ATTEMPTS: 429,
  INTERNAL: 500,
  SERVER_BUSY: 503,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

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
    return APP_ERROR_STATUS[this.code];
  }
}

export function httpStatusFor(error: AppError | AppErrorCode): number {
  return APP_ERROR_STATUS[typeof error === "string" ? error : error.code];
}

/** The engine's InputError as an INVALID_FILE AppError, with `details.issues` for the UI. */
export function invalidFile(error: InputError): AppError {
  const issue: FileIssue = {
    message: error.message,
    detail: error.detail,
    code: error.code,
    ...(error.file !== undefined ? { file: error.file } : {}),
    ...(error.line !== undefined ? { line: error.line } : {}),
  };
  return new AppError("INVALID_FILE", error.message, { issues: [issue] });
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
