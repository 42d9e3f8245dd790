import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // No time limits (0 = none): the GermEval and fuzz suites take minutes on a
    // loaded shared machine, and speed is measured by `pnpm bench`, not by tests.
    testTimeout: 0,
    hookTimeout: 0,
  },
});
