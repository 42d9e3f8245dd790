import { describe, expect, it } from "vitest";
import { loadWorkerEnv } from "../src/env.ts";

const hooks = { WORKER_DEBUG_PAUSE_MS: "400", WORKER_DEBUG_SHARD_PAUSE_MS: "500", WORKER_DEBUG_WRITE_PAUSE_MS: "600" };

describe("worker test hooks", () => {
  it("are honoured outside production", () => {
    const env = loadWorkerEnv({ NODE_ENV: "test", ...hooks });
    expect(env.testHooks).toEqual({ WORKER_DEBUG_PAUSE_MS: 400, WORKER_DEBUG_SHARD_PAUSE_MS: 500, WORKER_DEBUG_WRITE_PAUSE_MS: 600 });
  });

  it("are ignored by a production parse, even when invalid", () => {
    const env = loadWorkerEnv({ NODE_ENV: "production", ...hooks, WORKER_DEBUG_PAUSE_MS: "not-a-number" });
    expect(env.testHooks).toEqual({ WORKER_DEBUG_PAUSE_MS: 0, WORKER_DEBUG_SHARD_PAUSE_MS: 0, WORKER_DEBUG_WRITE_PAUSE_MS: 0 });
    expect(env).not.toHaveProperty("WORKER_DEBUG_PAUSE_MS");
  });

  it("are honoured in production only with HIERBOARD_TEST_HOOKS=1", () => {
    const env = loadWorkerEnv({ NODE_ENV: "production", HIERBOARD_TEST_HOOKS: "1", ...hooks });
    expect(env.testHooks.WORKER_DEBUG_WRITE_PAUSE_MS).toBe(600);
  });
});
