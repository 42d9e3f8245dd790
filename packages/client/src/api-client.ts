import type { ClientConfig } from "./client-config.ts";

/** One problem the server reported, as the API's `{ error: { issues } }` carries it. */
export interface ProblemIssue {
  message: string;
  line?: number;
  file?: string;
  field?: string;
}

/** A refusal by the server (4xx/5xx) with the API's problem body, or a server that could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: ProblemIssue[] = [],
    readonly hint?: string,
  ) {
    super(message);
  }
}

interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: FormData;
  /** Send the token (every call but the public board). */
  auth?: boolean;
}

async function problemFrom(response: Response): Promise<ApiError> {
  const text = await response.text();
  try {
    const { error } = JSON.parse(text) as { error?: { code?: string; message?: string; issues?: ProblemIssue[]; hint?: string } };
    if (error?.message) return new ApiError(response.status, error.code ?? "ERROR", error.message, error.issues ?? [], error.hint);
  } catch {
    // Not the API's problem body (a proxy's error page, say): report the status line.
  }
  return new ApiError(response.status, "HTTP_ERROR", `the server answered ${response.status} ${response.statusText}`);
}

/** Calls the REST API and returns its JSON answer; throws ApiError for any refusal. */
export async function apiRequest<T>(config: ClientConfig, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.auth !== false) {
    if (!config.token) {
      throw new ApiError(
        0,
        "NO_TOKEN",
        "no API token: create one on your profile page, then set HIERBOARD_TOKEN or put it in the config file",
      );
    }
    headers.authorization = `Bearer ${config.token}`;
  }
  let response: Response;
  try {
    response = await fetch(`${config.url}${path}`, { method: options.method ?? "GET", headers, body: options.body });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new ApiError(0, "UNREACHABLE", `cannot reach ${config.url} (${cause}); set HIERBOARD_URL to the server's address`);
  }
  if (!response.ok) throw await problemFrom(response);
  return (await response.json()) as T;
}

/** The refusal as lines for the terminal: the message, then each issue with its file and line. */
export function problemLines(error: ApiError): string[] {
  const lines = [`error: ${error.message}${error.status ? ` (${error.status} ${error.code})` : ""}`];
  for (const issue of error.issues) {
    const place =
      issue.line !== undefined ? `${issue.file ? `${issue.file}:` : "line "}${issue.line}: ` : issue.field ? `${issue.field}: ` : "";
    lines.push(`  ${place}${issue.message}`);
  }
  if (error.hint) lines.push(`hint: ${error.hint}`);
  return lines;
}
