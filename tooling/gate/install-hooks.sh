#!/bin/sh
# Run by `pnpm install` (the root "prepare" script): installs the git hooks of lefthook.yml,
# so a newcomer's commits are linted and formatted without any extra step.
# Skipped, with a line saying why, where installing would be wrong or impossible.
set -eu
if [ "${CI:-}" = "true" ] || [ "${LEFTHOOK:-}" = "0" ]; then
  echo "git hooks: not installed (CI or LEFTHOOK=0)"
  exit 0
fi
if ! git rev-parse --git-dir >/dev/null 2>&1; then
  echo "git hooks: not installed (not a git checkout)"
  exit 0
fi
# A linked worktree shares .git/hooks with the main checkout and every other worktree:
# installing from here would change their hooks too.
if [ "$(git rev-parse --absolute-git-dir)" != "$(cd "$(git rev-parse --git-common-dir)" && pwd -P)" ]; then
  echo "git hooks: not installed (linked worktree: hooks are shared; run 'pnpm exec lefthook install' in the main checkout)"
  exit 0
fi
exec lefthook install
