import { describe, expect, it } from "vitest";
import { withSharedBytes } from "../src/scoring/engine/shared-bytes.ts";

describe("withSharedBytes", () => {
  it("moves every byte array of a task, nested ones too, into shared memory with the same bytes", () => {
    const task = { kind: "validate", content: Buffer.from("d1\tA\n"), gold: { id: "g", content: new Uint8Array([1, 2, 3]) }, n: 3 };
    const shared = withSharedBytes(task);
    expect(shared.content.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(shared.gold.content.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect([...shared.content]).toEqual([...Buffer.from("d1\tA\n")]);
    expect([...shared.gold.content]).toEqual([1, 2, 3]);
    expect(shared).toMatchObject({ kind: "validate", n: 3, gold: { id: "g" } });
    expect(task.content.buffer).not.toBeInstanceOf(SharedArrayBuffer); // the caller's copy is untouched
  });

  it("keeps an array that is already shared, so a task sent twice is copied once", () => {
    const once = withSharedBytes({ content: new Uint8Array(10) });
    expect(withSharedBytes(once).content).toBe(once.content);
  });
});
