# syntax=docker/dockerfile:1
# HierBoard scoring worker and the one-off migration step. Build from the repository root:
#   docker build -f infra/worker.Dockerfile --target worker  -t hierboard-worker  .
#   docker build -f infra/worker.Dockerfile --target migrate -t hierboard-migrate .
# The worker runs its TypeScript source with tsx (`node --import tsx`, one process, so signals reach it),
# exactly as `pnpm --filter @hierboard/worker start` does; the workspace packages are consumed as source.

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS base
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH TURBO_TELEMETRY_DISABLED=1
# npm rather than corepack: corepack's bundled signing keys lag behind pnpm releases.
RUN npm install -g pnpm@12.21.0 && pnpm --version
WORKDIR /app

FROM base AS build
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
RUN pnpm fetch
COPY . .
# Only the worker and what it depends on (db, queue, platform, metrics; tsx and prisma come with them).
# The db package's postinstall generates the Prisma client (no native engine: adapter-pg).
RUN pnpm install --frozen-lockfile --offline --filter "@hierboard/worker..."

# Runtime stages copy the installed tree from `build` and add no build tools.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node

# One-off: creates the database if needed and applies prisma/migrations with the offline applier
# (`pnpm db:migrate`); recorded in _prisma_migrations, so it is idempotent and safe to re-run.
FROM runtime AS migrate
WORKDIR /app/packages/db
CMD ["node", "--import", "tsx", "src/cli/migrate.ts"]

# The default target (last stage): the BullMQ scoring worker. Scale by running more copies.
FROM runtime AS worker
WORKDIR /app/apps/worker
HEALTHCHECK --interval=30s --timeout=10s --start-period=20s --retries=3 \
  CMD ["node", "--import", "tsx", "src/health.ts"]
CMD ["node", "--import", "tsx", "src/main.ts"]
