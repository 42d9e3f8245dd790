import { defineConfig } from "@playwright/test";
import baseConfig from "./playwright.config";

// `pnpm test:docker`: the compose stack is started by the spec itself (e2e-docker/compose-stack.ts).
export default defineConfig({
  ...baseConfig,
  testDir: "./e2e-docker",
  testMatch: "*.docker.spec.ts",
  outputDir: "./test-results/docker",
  timeout: 60 * 60_000,
  webServer: undefined,
  use: { ...baseConfig.use, baseURL: undefined, actionTimeout: 60_000, navigationTimeout: 120_000 },
});
