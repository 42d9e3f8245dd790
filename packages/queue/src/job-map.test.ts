import { describe, expect, it } from "vitest";
import { isJobName, JOBS } from "./job-map.ts";

describe("the job map", () => {
  it("knows exactly the scoring queue's job names", () => {
    expect(Object.keys(JOBS).sort()).toEqual(["board", "board-repair", "mail", "score-shard", "scoring"]);
    expect(isJobName("board")).toBe(true);
    expect(isJobName("score")).toBe(false);
    expect(isJobName("toString")).toBe(false);
  });

  it("parses each job's payload with its own schema", () => {
    expect(JOBS.board.payload.safeParse({ phaseId: "p1", subtaskId: "s1" }).success).toBe(true);
    expect(JOBS.board.payload.safeParse({ submissionId: "x" }).success).toBe(false);
    expect(JOBS.scoring.payload.parse({ submissionId: "x" })).toEqual({ submissionId: "x", reason: "upload" });
    expect(JOBS.mail.payload.safeParse({ phaseId: "p1", subtaskId: "s1" }).success).toBe(false);
    expect(JOBS["board-repair"].payload.parse({})).toEqual({});
  });
});
