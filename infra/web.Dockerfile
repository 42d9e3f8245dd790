# syntax=docker/dockerfile:1
# HierBoard web app (Next.js standalone output). Build from the repository root:
#   docker build -f infra/web.Dockerfile -t hierboard-web .
# Stages: base (node + pnpm) → build (install, which generates the Prisma client; next build) → runtime (standalone server, non-root).

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS base
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH NEXT_TELEMETRY_DISABLED=1 TURBO_TELEMETRY_DISABLED=1
# npm rather than corepack: corepack's bundled signing keys lag behind pnpm releases.
RUN npm install -g pnpm@12.21.0 && pnpm --version
WORKDIR /app

FROM base AS build
# Fetch the whole store from the lockfile alone, so this layer is cached until the lockfile changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
RUN pnpm fetch
COPY . .
# Only the web app and what it depends on; the db package's postinstall generates the Prisma client.
RUN pnpm install --frozen-lockfile --offline --filter "@hierboard/web..." \
 && pnpm --filter @hierboard/web build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0
WORKDIR /app
# `output: "standalone"` traces exactly the files the server needs (including workspace packages);
# static assets are not part of the trace and are copied beside it.
COPY --from=build --chown=node:node /app/apps/web/.next/standalone ./
COPY --from=build --chown=node:node /app/apps/web/.next/static ./apps/web/.next/static
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/web/server.js"]
