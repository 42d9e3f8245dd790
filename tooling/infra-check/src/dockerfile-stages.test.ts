import { describe, expect, it } from "vitest";
import { dockerfileStages, targetStage } from "./dockerfile-stages.ts";

const sample = `# syntax=docker/dockerfile:1
ARG NODE_IMAGE=node:20
FROM \${NODE_IMAGE} AS base
WORKDIR /app
RUN npm install -g pnpm \\
 && pnpm --version

FROM base AS runtime
USER node
FROM runtime AS worker
WORKDIR /app/apps/worker
CMD ["node", "main.js"]
FROM base AS tools
`;

describe("dockerfileStages", () => {
  const stages = dockerfileStages(sample);

  it("finds each stage with its name, base and line", () => {
    expect(stages.map((s) => [s.name, s.from, s.line])).toEqual([
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the Dockerfile's own ARG reference, read literally
      ["base", "${NODE_IMAGE}", 3],
      ["runtime", "base", 8],
      ["worker", "runtime", 10],
      ["tools", "base", 13],
    ]);
  });

  it("joins continuation lines into one instruction", () => {
    expect(stages[0]!.instructions.map((i) => i.keyword)).toEqual(["WORKDIR", "RUN"]);
    expect(stages[0]!.instructions[1]!.args).toContain("pnpm --version");
  });

  it("inherits USER and WORKDIR from the stage it is built FROM, not from the stage above", () => {
    expect(stages[2]!.user).toBe("node");
    expect(stages[2]!.workdir).toBe("/app/apps/worker");
    expect(stages[3]!.user).toBeUndefined();
    expect(stages[3]!.workdir).toBe("/app");
  });

  it("selects the named target, or the last stage", () => {
    expect(targetStage(stages, "worker")?.name).toBe("worker");
    expect(targetStage(stages, undefined)?.name).toBe("tools");
    expect(targetStage(stages, "nope")).toBeUndefined();
  });
});
