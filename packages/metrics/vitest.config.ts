import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Generous limits, not speed checks: the GermEval and fuzz suites take minutes on a loaded
    // shared machine (speed is measured by `pnpm bench`); a hung test still fails after 15 minutes.
    testTimeout: 900_000,
    hookTimeout: 900_000,
  },
});
