#!/usr/bin/env bash
# Formats the whole tree with Biome (biome.json: 2 spaces, double quotes, width 140) in one step,
# as one commit of its own, so that no change carries a mass reformat.
#   bash tooling/gate/apply-format.sh            format, then show what changed
#   bash tooling/gate/apply-format.sh --commit   also commit it as "format: apply formatter to the
#                                                whole tree" and list that commit in
#                                                .git-blame-ignore-revs (so `git blame` skips it)
# Formatting changes layout only; the script re-runs lint and the format check to prove the tree
# is clean afterwards. Run `pnpm typecheck` and the tests as usual before pushing.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -n "$(git status --porcelain)" ]; then
  echo "apply-format: the work tree has uncommitted changes; commit or stash them first" >&2
  exit 1
fi
pnpm --silent exec biome format --write . >/dev/null
changed=$(git diff --name-only | wc -l)
echo "apply-format: $changed files reformatted"
pnpm --silent format:check >/dev/null
pnpm --silent lint >/dev/null
awk 'length > 140 { n++ } END { printf "apply-format: %d lines over 140 characters remain (strings, comments and URLs the formatter does not break)\n", n }' \
  $(git ls-files '*.ts' '*.tsx' '*.mjs' '*.js')
if [ "${1:-}" = "--commit" ] && [ "$changed" -gt 0 ]; then
  git commit -qam "format: apply formatter to the whole tree"
  rev=$(git rev-parse HEAD)
  printf '# format: apply formatter to the whole tree\n%s\n' "$rev" >>.git-blame-ignore-revs
  git add .git-blame-ignore-revs
  git commit -qm "git blame: ignore the whole-tree format commit"
  echo "apply-format: committed $rev"
fi
