import type { NextConfig } from "next";

// Upload bodies pass through route handlers (not server actions) so the size
// limit is enforced by our own code; server actions only carry small forms and
// the organiser's taxonomy/gold files, hence the generous action limit.
const config: NextConfig = {
  output: "standalone",
  reactStrictMode: true,
  poweredByHeader: false,
  transpilePackages: ["@hierboard/metrics", "@hierboard/platform", "@hierboard/db", "@hierboard/queue"],
  serverExternalPackages: ["@prisma/client", "pg", "bullmq", "ioredis"],
  experimental: {
    serverActions: { bodySizeLimit: "60mb" },
  },
};

export default config;
