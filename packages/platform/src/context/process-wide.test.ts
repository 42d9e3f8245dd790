import { describe, expect, it } from "vitest";
import { processWide } from "./process-wide.ts";

describe("processWide", () => {
  it("makes a key's value once per process and hands every caller the same one", () => {
    let made = 0;
    const make = () => ({ n: ++made });
    const first = processWide("process-wide.test.once", make);
    const again = processWide("process-wide.test.once", make);
    expect(again).toBe(first);
    expect(made).toBe(1);
    expect(processWide("process-wide.test.other", make)).toEqual({ n: 2 });
  });
});
