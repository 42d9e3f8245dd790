import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { apiRequest } from "../api-client.ts";
import type { ClientConfig } from "../client-config.ts";
import { statusLine, waitForStatus } from "../submission-status.ts";
import { EXIT, type Terminal, UsageError } from "../terminal.ts";

export const SUBMIT_USAGE = "hierboard submit FILE --task SLUG --subtask KEY --phase KEY [--wait] [--timeout SECONDS]";

function required(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`expected --${flag}; usage: ${SUBMIT_USAGE}`);
  return value;
}

/** Uploads a prediction file; with --wait, polls until it is scored and prints the primary score. */
export async function submitCommand(args: string[], config: ClientConfig, terminal: Terminal, pollMs = 2000): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      task: { type: "string" },
      subtask: { type: "string" },
      phase: { type: "string" },
      wait: { type: "boolean", default: false },
      timeout: { type: "string", default: "600" },
    },
  });
  if (positionals.length !== 1) throw new UsageError(`expected one FILE, found ${positionals.length}; usage: ${SUBMIT_USAGE}`);
  const task = required(values.task, "task");
  const timeoutSeconds = Number(values.timeout);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0)
    throw new UsageError(`expected --timeout to be a positive number of seconds, found "${values.timeout}"`);
  const path = positionals[0] as string;
  let content: Buffer;
  try {
    content = await readFile(path);
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const form = new FormData();
  form.set("subtask", required(values.subtask, "subtask"));
  form.set("phase", required(values.phase, "phase"));
  form.set("file", new Blob([content]), basename(path));
  const { submission } = await apiRequest<{ submission: { id: string; status: string; warnings?: string[] } }>(
    config,
    `/api/tasks/${encodeURIComponent(task)}/submissions`,
    { method: "POST", body: form },
  );
  for (const warning of submission.warnings ?? []) terminal.err(`warning: ${warning}`);
  terminal.out(`submitted ${submission.id} (${submission.status})`);
  if (!values.wait) return EXIT.OK;
  const { status, timedOut } = await waitForStatus(config, submission.id, { timeoutMs: timeoutSeconds * 1000, intervalMs: pollMs });
  terminal.out(statusLine(status));
  if (timedOut) {
    terminal.err(`still ${status.status} after ${timeoutSeconds} s; ask again with: hierboard status ${submission.id}`);
    return EXIT.FAILED;
  }
  return status.status === "SCORED" ? EXIT.OK : EXIT.FAILED;
}
