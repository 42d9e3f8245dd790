import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { createQueueGauges } from "./queue-gauges.ts";

const snapshot = {
  queue: "scoring",
  counts: { waiting: 2, active: 1, completed: 5 },
  depth: 3,
  workers: [{ name: "w1" }, { name: "w2" }],
};

describe("createQueueGauges", () => {
  it("sets jobs by state, the depth and the connected workers from one snapshot", async () => {
    const registry = new Registry();
    createQueueGauges(registry, { workers: true }).record(snapshot);
    const text = await registry.metrics();
    expect(text).toContain('hierboard_queue_jobs{queue="scoring",state="completed"} 5');
    expect(text).toContain('hierboard_queue_depth{queue="scoring"} 3');
    expect(text).toContain('hierboard_workers_connected{queue="scoring"} 2');
  });

  it("leaves the workers gauge out unless asked for", async () => {
    const registry = new Registry();
    createQueueGauges(registry).record(snapshot);
    const text = await registry.metrics();
    expect(text).toContain('hierboard_queue_depth{queue="scoring"} 3');
    expect(text).not.toContain("hierboard_workers_connected");
  });
});
