import type { NextConfig } from "next";
import { PROXYLESS_ROUTE_HEADERS, UPLOAD_ROUTE_SOURCES } from "./src/server/security-headers";
import { SERVER_ACTION_BODY_LIMIT_MB } from "./src/server/server-action-body-limit";

// Upload bodies pass through route handlers (not server actions) so the size
// limit is enforced by our own code; server actions only carry small forms and
// the organiser's taxonomy/gold files from the browser (scripts send large gold
// files to the gold upload route), hence the generous action limit.
const config: NextConfig = {
  // A second build directory lets the board benchmark build and serve without touching the
  // `.next` that `test:e2e` builds and serves (build tooling, not the app's runtime environment).
  distDir: process.env.HIERBOARD_NEXT_DIST_DIR || ".next",
  output: "standalone",
  reactStrictMode: true,
  poweredByHeader: false,
  // No image optimisation (the app serves no raster images through next/image): the web image
  // then needs no sharp.
  images: { unoptimized: true },
  transpilePackages: ["@hierboard/metrics", "@hierboard/platform", "@hierboard/db", "@hierboard/queue"],
  // piscina starts its threads from its own files (dist/worker.js): it must stay in node_modules.
  serverExternalPackages: [
    "@prisma/client",
    "pg",
    "bullmq",
    "ioredis",
    "piscina",
    "rate-limiter-flexible",
    "pino",
    "pino-pretty",
    "prom-client",
    "@node-rs/argon2",
  ],
  // The standalone output (the web image) traces every Prisma runtime; the client uses only the
  // PostgreSQL query compiler (engineType "client"), so the other databases' engines stay out (~50 MB).
  outputFileTracingExcludes: {
    "*": [
      "**/@prisma/client/runtime/query_engine_bg.*",
      "**/@prisma/client/runtime/query_compiler_bg.{cockroachdb,mysql,sqlserver,sqlite}.*",
    ],
  },
  async headers() {
    const headers = Object.entries(PROXYLESS_ROUTE_HEADERS).map(([key, value]) => ({ key, value }));
    return UPLOAD_ROUTE_SOURCES.map((source) => ({ source, headers }));
  },
  experimental: {
    // A larger declared body is a 413 in the proxy, before it is read (server-action-body-limit.ts).
    serverActions: { bodySizeLimit: `${SERVER_ACTION_BODY_LIMIT_MB}mb` },
    // The proxy (src/proxy.ts, security headers) makes Next.js clone every request body, and the
    // clone keeps only the first 10 MB by default: an organiser's larger gold file in a server
    // action would arrive cut short. Same ceiling as the server actions. (The upload API is not
    // behind the proxy: a valid 45 MB upload there failed with EPIPE before that.)
    proxyClientMaxBodySize: `${SERVER_ACTION_BODY_LIMIT_MB}mb`,
    // `forbidden()` renders app/forbidden.tsx with HTTP 403 (organiser pages opened by participants).
    authInterrupts: true,
  },
};

export default config;
