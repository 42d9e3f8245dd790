import { parseArgs } from "node:util";
import { apiRequest } from "../api-client.ts";
import type { ClientConfig } from "../client-config.ts";
import { EXIT, type Terminal, UsageError } from "../terminal.ts";

/** `hierboard final-run ID [--unselect]`: selects (or unselects) one of the team's runs as a final run. */
export async function finalRunCommand(args: string[], config: ClientConfig, terminal: Terminal): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { unselect: { type: "boolean", default: false } } });
  if (positionals.length !== 1) throw new UsageError("usage: hierboard final-run SUBMISSION_ID [--unselect]");
  const id = positionals[0] as string;
  const { selection } = await apiRequest<{ selection: { phase: string; subtask: string; finalRuns: number | null; selected: string[] } }>(
    config,
    `/api/submissions/${encodeURIComponent(id)}/final-run`,
    { method: values.unselect ? "DELETE" : "PUT" },
  );
  terminal.out(`${values.unselect ? "unselected" : "selected"} ${id} (phase ${selection.phase}, subtask ${selection.subtask})`);
  terminal.out(
    selection.selected.length
      ? `final runs now: ${selection.selected.join(", ")}`
      : `no runs selected: the best ${selection.finalRuns ?? 1} count`,
  );
  return EXIT.OK;
}
