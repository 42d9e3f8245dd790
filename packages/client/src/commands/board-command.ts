import { parseArgs } from "node:util";
import { apiRequest } from "../api-client.ts";
import type { ClientConfig } from "../client-config.ts";
import { EXIT, formatScore, type Terminal, UsageError } from "../terminal.ts";

interface BoardAnswer {
  leaderboard: {
    phase: { key: string; name: string };
    subtask: { key: string; name: string };
    primaryMeasure: string;
    hidden: boolean;
    measures: { key: string; label: string }[];
    rows: { rank: number | null; teamName: string; isBaseline: boolean; scores: Record<string, { value: number | null } | undefined> }[];
  };
}

/** `hierboard board SLUG --phase KEY [--subtask KEY]`: the public board as a table, tab-separated. */
export async function boardCommand(args: string[], config: ClientConfig, terminal: Terminal): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { phase: { type: "string" }, subtask: { type: "string" } },
  });
  if (positionals.length !== 1 || !values.phase) throw new UsageError("usage: hierboard board SLUG --phase KEY [--subtask KEY]");
  const query = new URLSearchParams({ phase: values.phase, ...(values.subtask ? { subtask: values.subtask } : {}) });
  // The board is public: the token, when there is one, adds the viewer's own hidden rows.
  const { leaderboard } = await apiRequest<BoardAnswer>(
    config,
    `/api/tasks/${encodeURIComponent(positionals[0] as string)}/leaderboard?${query}`,
    {
      auth: Boolean(config.token),
    },
  );
  terminal.out(
    `# ${leaderboard.phase.name} · ${leaderboard.subtask.name}${leaderboard.hidden ? " (hidden until the phase ends or its results are published)" : ""}`,
  );
  terminal.out(["rank", "team", ...leaderboard.measures.map((measure) => measure.key)].join("\t"));
  for (const row of leaderboard.rows) {
    const team = row.isBaseline ? `${row.teamName} (baseline)` : row.teamName;
    terminal.out([row.rank ?? "—", team, ...leaderboard.measures.map((measure) => formatScore(row.scores[measure.key]?.value))].join("\t"));
  }
  return EXIT.OK;
}
