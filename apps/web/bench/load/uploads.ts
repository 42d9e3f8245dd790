// Teams submitting through the JSON API (multipart POST with a Bearer token), at a fixed total rate.
export interface Upload {
  team: string;
  fileName: string;
  /** Epoch ms when the request was sent. */
  sentAt: number;
  status: number;
  ms: number;
  submissionId: string | null;
  /** Requests sent: more than 1 when the server answered 503 or 429 and the team tried again. */
  attempts: number;
  error?: string;
}

const MAX_ATTEMPTS = 10;

/**
 * Sends one upload every 1000 / perSecond ms (on schedule, not after the previous answer), team
 * after team in turn, each team cycling through the files from its own offset, until `until`.
 * Returns every upload once all have been answered.
 */
export async function runUploads(opts: {
  baseUrl: string;
  slug: string;
  phaseKey: string;
  subtaskKey: string;
  teams: readonly { name: string; token: string }[];
  files: readonly { fileName: string; content: Uint8Array }[];
  perSecond: number;
  until: number;
}): Promise<Upload[]> {
  const pending: Promise<Upload>[] = [];
  const interval = 1000 / opts.perSecond;
  const start = Date.now();
  for (let k = 0; start + k * interval < opts.until; k++) {
    const wait = start + k * interval - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const team = opts.teams[k % opts.teams.length]!;
    const file = opts.files[(Math.floor(k / opts.teams.length) + k) % opts.files.length]!;
    pending.push(uploadOne(opts, team, file));
  }
  return Promise.all(pending);
}

/**
 * One upload as a well-behaved client sends it: on 503 (validation queue full) or 429 it waits
 * `Retry-After` seconds and tries again, at most MAX_ATTEMPTS times. `ms` runs from the first try.
 */
async function uploadOne(
  opts: { baseUrl: string; slug: string; phaseKey: string; subtaskKey: string },
  team: { name: string; token: string },
  file: { fileName: string; content: Uint8Array },
): Promise<Upload> {
  const sentAt = Date.now();
  const started = performance.now();
  const result = (status: number, attempts: number, submissionId: string | null, error?: string): Upload => ({
    team: team.name,
    fileName: file.fileName,
    sentAt,
    status,
    ms: performance.now() - started,
    submissionId,
    attempts,
    error,
  });
  for (let attempt = 1; ; attempt++) {
    const form = new FormData();
    form.set("file", new Blob([file.content as BlobPart]), file.fileName);
    form.set("subtask", opts.subtaskKey);
    form.set("phase", opts.phaseKey);
    try {
      const response = await fetch(`${opts.baseUrl}/api/tasks/${opts.slug}/submissions`, {
        method: "POST",
        headers: { authorization: `Bearer ${team.token}` },
        body: form,
      });
      const body = (await response.json()) as { submission?: { id: string }; message?: string; detail?: string; title?: string };
      if ((response.status === 503 || response.status === 429) && attempt < MAX_ATTEMPTS) {
        const seconds = Number(response.headers.get("retry-after") ?? 1);
        await new Promise((resolve) => setTimeout(resolve, Math.max(1, seconds) * 1000));
        continue;
      }
      const error = response.status === 201 ? undefined : (body.message ?? body.detail ?? body.title ?? "no detail");
      return result(response.status, attempt, body.submission?.id ?? null, error);
    } catch (error) {
      return result(-1, attempt, null, String(error));
    }
  }
}
