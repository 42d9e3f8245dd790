# HierBoard's images, from one file so that they share one dependency stage and one build. From the
# repository root (docker-compose.yml does this):
#   docker build -f infra/hierboard.Dockerfile --target web     -t hierboard-web .
#   docker build -f infra/hierboard.Dockerfile --target worker  -t hierboard-worker .
#   docker build -f infra/hierboard.Dockerfile --target migrate -t hierboard-migrate .
# Stages: base (node + pnpm) → deps (the store, from the lockfile alone) → build (install, next build,
# bundles) → web | worker → migrate. The runtime stages hold built JavaScript only: no sources, no
# TypeScript loader, no dev dependencies, no package manager store.
# No `# syntax=` line: under BuildKit it would fetch a frontend image from Docker Hub.

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS base
# For networks behind a TLS-inspecting proxy or with their own registry (unused by default):
#   --build-arg EXTRA_CA_CERT="$(cat proxy-ca.crt)"  --build-arg NPM_REGISTRY=https://npm.example.org/
ARG EXTRA_CA_CERT=""
ARG NPM_REGISTRY=""
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH NEXT_TELEMETRY_DISABLED=1 TURBO_TELEMETRY_DISABLED=1 \
    NODE_EXTRA_CA_CERTS=/etc/hierboard-build-ca.pem CI=true
# npm rather than corepack: corepack's bundled signing keys lag behind pnpm releases.
RUN printf '%s\n' "$EXTRA_CA_CERT" > /etc/hierboard-build-ca.pem \
 && if [ -n "$NPM_REGISTRY" ]; then npm config set --global registry "$NPM_REGISTRY"; fi \
 && npm install -g pnpm@12.21.0 && pnpm --version
WORKDIR /app

# The package store, fetched from the lockfile alone: cached until the lockfile changes.
FROM base AS deps
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
RUN pnpm fetch

# Everything built once, for every image: the web app (with its engine thread) and the bundles.
FROM deps AS build
COPY . .
# The db package's postinstall generates the Prisma client (no native engine: adapter-pg).
RUN pnpm install --frozen-lockfile --offline \
      --filter "@hierboard/web..." --filter "@hierboard/worker..." --filter "@hierboard/cli..." \
 && pnpm --filter @hierboard/web build \
 && pnpm --filter @hierboard/worker --filter @hierboard/cli --filter @hierboard/db build

# The web's standalone output, trimmed to what the server loads: of @prisma/client's runtime only
# the client and the PostgreSQL query compiler (engineType "client"; the package ships the engines
# and compilers of every database, ~58 MB), no source maps, and no sharp (images are served
# unoptimised: `images.unoptimized` in next.config.ts).
FROM build AS web-files
RUN cd /app/apps/web/.next/standalone \
 && find . -path '*/@prisma/client/runtime/*' -type f \
      ! -name 'client.*' ! -name 'index-browser.*' ! -name 'query_compiler_bg.postgresql.*' -delete \
 && find . -path '*/@prisma/client/runtime/*' -name '*.map' -delete \
 && find . -depth -type d \( -name 'sharp' -o -name '@img' -o -name 'sharp@*' -o -name '@img+*' \) -path '*node_modules*' -exec rm -rf {} + \
 && test -n "$(find . -path '*/@prisma/client/runtime/query_compiler_bg.postgresql.*' -print -quit)"

# The web's runtime root: the node image without what only installing needs (npm, apt, dpkg, perl,
# documentation, locales), flattened into one layer below (deleting in a later layer saves nothing).
FROM ${NODE_IMAGE} AS web-root
RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/bin/npm /usr/local/bin/npx /usr/local/include \
      /usr/share/doc /usr/share/man /usr/share/info /usr/share/locale /usr/share/lintian \
      /usr/share/perl* /usr/lib/x86_64-linux-gnu/perl* /usr/bin/perl* \
      /var/lib/apt /var/cache/apt /var/cache/debconf /var/log/* /usr/lib/apt /usr/bin/apt* \
      /etc/apt /usr/share/bash-completion /usr/share/common-licenses \
 && node --version

FROM scratch AS web
COPY --from=web-root / /
ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0
WORKDIR /app
# `output: "standalone"` traces the files the server needs; static assets and the engine thread
# (self-contained, found by the pool above the working directory) are copied beside it.
COPY --from=web-files --chown=node:node /app/apps/web/.next/standalone ./
COPY --from=build --chown=node:node /app/apps/web/.next/static ./apps/web/.next/static
COPY --from=build --chown=node:node /app/packages/platform/dist/engine-thread.mjs ./packages/platform/dist/engine-thread.mjs
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/web/server.js"]

# The scoring worker, the migration applier and the `hierboard` CLI, as bundles. pg_dump and
# pg_restore (for `hierboard backup` / `restore`) come from Debian: their major must be at least the
# server's (bookworm ships 15; for a PostgreSQL 16 server, point DEBIAN_MIRROR/PG_CLIENT at a
# repository with postgresql-client-16).
FROM ${NODE_IMAGE} AS worker
ARG DEBIAN_MIRROR=""
ARG PG_CLIENT=postgresql-client-15
RUN if [ -n "$DEBIAN_MIRROR" ]; then \
      printf 'deb %s bookworm main\ndeb %s bookworm-updates main\n' "$DEBIAN_MIRROR" "$DEBIAN_MIRROR" > /etc/apt/sources.list \
      && rm -f /etc/apt/sources.list.d/*; fi \
 && apt-get update && apt-get install -y --no-install-recommends "$PG_CLIENT" \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/archives/*.deb
# HIERBOARD_DATA_DIR: where `hierboard task import` notes the admin account it made.
ENV NODE_ENV=production HIERBOARD_DATA_DIR=/home/node/.hierboard
RUN mkdir -p /home/node/.hierboard && chown node:node /home/node/.hierboard
WORKDIR /app
COPY --from=build --chown=node:node /app/prisma/migrations ./prisma/migrations
COPY --from=build --chown=node:node /app/packages/db/dist ./packages/db/dist
COPY --from=build --chown=node:node /app/packages/platform/dist/engine-thread.mjs ./packages/platform/dist/engine-thread.mjs
COPY --from=build --chown=node:node /app/apps/cli/dist ./apps/cli/dist
COPY --from=build --chown=node:node /app/apps/worker/dist ./apps/worker/dist
RUN printf '#!/bin/sh\nexec node /app/apps/cli/dist/bin.mjs "$@"\n' > /usr/local/bin/hierboard \
 && chmod 755 /usr/local/bin/hierboard && hierboard --help > /dev/null
USER node
WORKDIR /app/apps/worker
HEALTHCHECK --interval=30s --timeout=10s --start-period=20s --retries=3 CMD ["node", "dist/health.mjs"]
CMD ["node", "dist/main.mjs"]

# One-off: creates the database if needed and applies prisma/migrations with the offline applier
# (`pnpm db:migrate`); recorded in _prisma_migrations, so it is idempotent and safe to re-run.
FROM worker AS migrate
WORKDIR /app/packages/db
HEALTHCHECK NONE
CMD ["node", "dist/migrate.mjs"]
