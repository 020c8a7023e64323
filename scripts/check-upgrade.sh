#!/usr/bin/env bash
# Upgrades for real from a previous release to this tree, and rolls back (README: "Upgrading and rolling back").
#
#   scripts/check-upgrade.sh [previous-ref]
#
# previous-ref: a git ref of the previous release (default: the latest tag v*, else the commit before the last schema
# migration). Builds that release (in a git worktree of its own) and this tree — each its web client and its server
# as production runs them — then runs apps/web/test/upgrade/check.ts: a cluster of three processes (one PostgreSQL,
# one Redis, started here on 127.0.0.1 in temporary folders) with live tables of all three games, the processes
# replaced one at a time, one rolled back and forward again; then one SQLite process stopped and the other release
# started on its file, and back, and forward. Every decision audited against the store, every finished record checked
# with `<game> verify`, a browser tab holding the older page playing its game through it all. Prints the figures of
# docs/benchmarks.md ("Upgrades") and exits 1 on any error.
#
# Environment: TABLES (tables of each game with a person, default 2), SCENARIOS (default cluster,sqlite),
# CHROMIUM_PATH (default /usr/bin/chromium; "none": no tab), KEEP=1 (keep the builds in the temporary folder).
# Needs the workspace installed (pnpm install), git history with the ref (a shallow clone: git fetch --unshallow, or
# --depth enough to reach it), and what `pnpm test` needs (postgresql, redis-server, chromium).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PNPM=(npx -y pnpm@10.34.9)
say() { printf '\n== %s\n' "$*"; }
die() { printf 'check-upgrade: %s\n' "$*" >&2; exit 1; }

ref=${1:-}
if [ -z "$ref" ]; then
  ref=$(git -C "$ROOT" describe --tags --abbrev=0 --match 'v[0-9]*' 2> /dev/null || true)
  if [ -z "$ref" ]; then
    # No release tagged: the commit before the last one that added a schema step (a PostgreSQL migration).
    last=$(git -C "$ROOT" log -1 --format=%H -G "^  '[0-9]{4}_[a-z_]+': \{" -- apps/server/src/store/postgres-migrations.ts)
    [ -n "$last" ] || die "no tag and no migration in the history: name the previous release's ref"
    ref="$last^"
  fi
fi
previous=$(git -C "$ROOT" rev-parse --verify --quiet "$ref^{commit}") || die "$ref is not a commit here (a shallow clone? git fetch --unshallow)"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/razzia-check-upgrade-XXXXXX")
cleanup() {
  git -C "$ROOT" worktree remove --force "$WORK/previous" > /dev/null 2>&1 || true
  if [ "${KEEP:-}" = 1 ]; then echo "builds kept in $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

say "the previous release: $ref ($(git -C "$ROOT" log -1 --format='%h %ad' --date=short "$previous"))"
git -C "$ROOT" worktree add --detach "$WORK/previous" "$previous" > /dev/null 2>&1 || die "git worktree add failed"
(
  cd "$WORK/previous"
  "${PNPM[@]}" install --frozen-lockfile --prefer-offline > "$WORK/previous-install.log" 2>&1 || { tail -20 "$WORK/previous-install.log"; exit 1; }
  RAZZIA_COMMIT=$previous NODE_ENV=production "${PNPM[@]}" --filter @razzia/web build > "$WORK/previous-web.log" 2>&1 || { tail -20 "$WORK/previous-web.log"; exit 1; }
  RAZZIA_COMMIT=$previous node apps/server/scripts/build.mjs "$WORK/previous-server" > "$WORK/previous-server.log" 2>&1 || { tail -20 "$WORK/previous-server.log"; exit 1; }
) || die "building $ref failed"
old_version=$(node -p "require('$WORK/previous/package.json').version || require('$WORK/previous/apps/server/package.json').version")

say "this tree"
current=$(git -C "$ROOT" rev-parse HEAD)
(
  cd "$ROOT"
  NODE_ENV=production "${PNPM[@]}" --filter @razzia/web build > "$WORK/current-web.log" 2>&1 || { tail -20 "$WORK/current-web.log"; exit 1; }
  node apps/server/scripts/build.mjs "$WORK/current-server" > "$WORK/current-server.log" 2>&1 || { tail -20 "$WORK/current-server.log"; exit 1; }
) || die "building this tree failed"
new_version=$(node -p "require('$ROOT/package.json').version")

say "upgrade $old_version ($(git -C "$ROOT" rev-parse --short "$previous")) → $new_version ($(git -C "$ROOT" rev-parse --short "$current")) and back"
echo "machine: $(nproc) cores, $(uptime | sed 's/.*load average/load average/'), Node $(node -v), $(date -u +%Y-%m-%dT%H:%MZ)"
cd "$ROOT"
node --import tsx apps/web/test/upgrade/check.ts \
  --older-server="$WORK/previous-server/main.js" --older-web="$WORK/previous/apps/web/build" \
  --older-label="$old_version ($(git rev-parse --short "$previous"))" \
  --newer-server="$WORK/current-server/main.js" --newer-web="$ROOT/apps/web/build" \
  --newer-label="$new_version ($(git rev-parse --short "$current"))" \
  --tables="${TABLES:-2}" --scenarios="${SCENARIOS:-cluster,sqlite}" --chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
echo "after: $(uptime | sed 's/.*load average/load average/')"
