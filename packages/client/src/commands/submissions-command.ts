import { parseArgs } from "node:util";
import { apiRequest } from "../api-client.ts";
import type { ClientConfig } from "../client-config.ts";
import { EXIT, formatScore, type Terminal, UsageError } from "../terminal.ts";

interface TeamRunsAnswer {
  team: { name: string };
  groups: {
    phaseKey: string;
    subtaskKey: string;
    primaryMeasure: string;
    scoresHidden: boolean;
    leftToday: number | null;
    runs: {
      id: string;
      fileName: string;
      createdAt: string;
      status: string;
      selected: boolean;
      counts: boolean | null;
      primary: number | null;
    }[];
  }[];
}

/** `hierboard submissions SLUG [--phase KEY] [--subtask KEY]`: the own team's runs, which count, which are selected. */
export async function submissionsCommand(args: string[], config: ClientConfig, terminal: Terminal): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { phase: { type: "string" }, subtask: { type: "string" } },
  });
  if (positionals.length !== 1) throw new UsageError("usage: hierboard submissions SLUG [--phase KEY] [--subtask KEY]");
  const query = new URLSearchParams({
    ...(values.phase ? { phase: values.phase } : {}),
    ...(values.subtask ? { subtask: values.subtask } : {}),
  });
  const answer = await apiRequest<TeamRunsAnswer>(
    config,
    `/api/tasks/${encodeURIComponent(positionals[0] as string)}/submissions?${query}`,
  );
  terminal.out(`# team ${answer.team.name}`);
  for (const group of answer.groups) {
    const left = group.leftToday === null ? "" : `, ${group.leftToday} left today`;
    terminal.out(
      `## phase ${group.phaseKey} · subtask ${group.subtaskKey} (${group.primaryMeasure}${group.scoresHidden ? ", scores hidden" : ""}${left})`,
    );
    terminal.out(["id", "submitted", "status", group.primaryMeasure, "counts", "final run"].join("\t"));
    for (const run of group.runs) {
      terminal.out(
        [run.id, run.createdAt, run.status, formatScore(run.primary), run.counts ? "yes" : "no", run.selected ? "selected" : ""].join("\t"),
      );
    }
  }
  return EXIT.OK;
}
