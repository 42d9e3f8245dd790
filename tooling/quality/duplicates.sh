#!/bin/sh
# Counts repeated code in apps/ and packages/ with tests left out.
# Copies the tracked source, minus test files and test folders, into a scratch folder
# and runs the `duplicates` tool over it. Usage: sh tooling/quality/duplicates.sh [--most N]
set -eu
root=$(git rev-parse --show-toplevel)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$root"
git ls-files --cached --others --exclude-standard apps packages \
  | grep -Ev '(^|/)(test|tests|e2e|__tests__)/|\.(test|spec)\.[cm]?[jt]sx?$' \
  | while read -r file; do
      [ -f "$file" ] || continue
      mkdir -p "$scratch/$(dirname "$file")"
      cp "$file" "$scratch/$file"
    done
cd "$scratch"
duplicates --repo . --seconds 120 "$@"
