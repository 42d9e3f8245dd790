import { InputError } from "@hierboard/metrics";
import { appErrorFrom, httpStatusFor } from "@hierboard/platform";
import { ZodError } from "zod";

/** One line-numbered problem in an uploaded file, or one bad form field. */
export interface Issue {
  message: string;
  line?: number;
  file?: string;
  field?: string;
}

export interface Problem {
  status: number;
  code: string;
  message: string;
  issues: Issue[];
  /** One sentence that explains a pattern among a file's issues (e.g. its field separator), when one does. */
  hint?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** The hint an engine error carries in `AppError.details`, if any. */
function hintFromDetails(details: unknown): { hint?: string } {
  return isRecord(details) && typeof details.hint === "string" ? { hint: details.hint } : {};
}

/** Engine errors travel in `AppError.details`; accept one issue or a list. */
export function issuesFromDetails(details: unknown): Issue[] {
  const list = isRecord(details) && Array.isArray(details.issues) ? details.issues : isRecord(details) ? [details] : [];
  return list.flatMap((item): Issue[] => {
    // The engine's InputError carries `detail` (message without the file:line prefix).
    const message = isRecord(item) ? (typeof item.detail === "string" ? item.detail : item.message) : undefined;
    if (!isRecord(item) || typeof message !== "string") return [];
    return [
      {
        // A task bundle's issues name their place in task.yaml (`phases[0].endsAt`) as `path`.
        message: typeof item.path === "string" && item.path ? `${item.path}: ${message}` : message,
        ...(typeof item.line === "number" ? { line: item.line } : {}),
        ...(typeof item.file === "string" ? { file: item.file } : {}),
        ...(typeof item.field === "string" ? { field: item.field } : {}),
      },
    ];
  });
}

/**
 * The single place where errors become HTTP answers: AppError through the
 * platform's own code→status map, ZodError as 422 naming the field, anything
 * else as an opaque 500 (logged, never shown).
 */
export function toProblem(error: unknown): Problem {
  const appError = appErrorFrom(error);
  if (appError) {
    return {
      status: httpStatusFor(appError),
      code: appError.code,
      message: appError.message,
      issues: issuesFromDetails(appError.details),
      ...hintFromDetails(appError.details),
    };
  }
  if (error instanceof InputError) {
    // Normally wrapped by the platform into an AppError; mapped the same way if one slips through.
    return {
      status: 422,
      code: error.code,
      message: error.message,
      issues: issuesFromDetails({ issues: error.problems }),
      ...(error.hint !== undefined ? { hint: error.hint } : {}),
    };
  }
  if (error instanceof ZodError) {
    const issues = error.issues.map((issue) => ({
      field: issue.path.join(".") || "(input)",
      message: issue.message,
    }));
    const first = issues[0];
    return {
      status: 422,
      code: "INVALID_INPUT",
      message: first ? `${first.field}: ${first.message}` : "Invalid input",
      issues,
    };
  }
  console.error("[web] unexpected error", error);
  return { status: 500, code: "INTERNAL", message: "Something went wrong on our side.", issues: [] };
}

export function problemResponse(error: unknown): Response {
  const { status, ...body } = toProblem(error);
  // RATE_LIMITED, TOO_MANY_ATTEMPTS and SERVER_BUSY say when to try again.
  const details = appErrorFrom(error)?.details;
  const retryAfter = isRecord(details) && typeof details.retryAfterSeconds === "number" ? details.retryAfterSeconds : undefined;
  return Response.json({ error: body }, { status, headers: retryAfter === undefined ? undefined : { "Retry-After": String(retryAfter) } });
}

/** Result of a server action, rendered by the form that called it. */
export type ActionResult<T = undefined> =
  | { ok: true; message?: string; data?: T }
  | { ok: false; code: string; message: string; issues: Issue[]; hint?: string };

export function actionFailure(error: unknown): ActionResult<never> {
  const { status: _status, ...rest } = toProblem(error);
  return { ok: false, ...rest };
}
