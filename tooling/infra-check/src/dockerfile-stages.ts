/** One `FROM` stage of a Dockerfile, with the instructions that matter to the checks. */
export interface DockerfileStage {
  readonly name: string | undefined;
  readonly from: string;
  readonly line: number;
  /** The last `USER` set in this stage, or inherited from a named stage it is built `FROM`. */
  readonly user: string | undefined;
  /** The last `WORKDIR`, inherited the same way. */
  readonly workdir: string | undefined;
  readonly instructions: readonly { readonly keyword: string; readonly args: string; readonly line: number }[];
}

/**
 * Splits a Dockerfile into its stages. Continuation lines (`\` at the end)
 * are joined and comments skipped; `ARG`s before the first `FROM` are ignored.
 * Enough for static checks, not a full parser (no heredocs, no escape directive).
 */
export function dockerfileStages(text: string): DockerfileStage[] {
  const stages: {
    name: string | undefined;
    from: string;
    line: number;
    user: string | undefined;
    workdir: string | undefined;
    instructions: { keyword: string; args: string; line: number }[];
  }[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const start = i + 1;
    let logical = lines[i]!;
    if (/^\s*#/.test(logical) || logical.trim() === "") continue;
    while (/\\\s*$/.test(logical) && i + 1 < lines.length) logical = logical.replace(/\\\s*$/, " ") + lines[++i]!;
    const match = /^\s*([A-Za-z]+)\s+(.*)$/.exec(logical);
    if (!match) continue;
    const keyword = match[1]!.toUpperCase();
    const args = match[2]!.trim();
    if (keyword === "FROM") {
      const from = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?/i.exec(args);
      const base = from?.[1] ?? args;
      const parent = stages.find((stage) => stage.name !== undefined && stage.name === base);
      stages.push({ name: from?.[2], from: base, line: start, user: parent?.user, workdir: parent?.workdir, instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) continue;
    stage.instructions.push({ keyword, args, line: start });
    if (keyword === "USER") stage.user = args.split(":")[0];
    if (keyword === "WORKDIR") stage.workdir = args.startsWith("/") ? args : `${stage.workdir ?? ""}/${args}`;
  }
  return stages;
}

/** The stage a build target selects: the named one, or the last stage by default. */
export function targetStage(stages: readonly DockerfileStage[], target: string | undefined): DockerfileStage | undefined {
  return target === undefined ? stages.at(-1) : stages.find((stage) => stage.name === target);
}
