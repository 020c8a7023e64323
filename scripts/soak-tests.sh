#!/usr/bin/env bash
# The test suite's soak check: the README's test command (exactly what .ci/run runs) on fresh clones of main, back to
# back, optionally beside a CPU hog that keeps both cores half busy — a machine slower than the one the suite was
# written on, to show that what passes is not a coincidence of speed. For each run it prints green or red, the wall
# time, the test count, and each failure's test and the first line of its error; each run's whole output is kept in
# a directory it names. Clones and the hog are removed however it ends (done, failed, Ctrl-C, killed).
#
#   scripts/soak-tests.sh RUNS [--hog] [--ref BRANCH]      e.g. scripts/soak-tests.sh 4 --hog
#
# RUNS: how many runs. --hog: `stress-ng --cpu N --cpu-load 50` (N = the cores) beside every run (installed with
# apt-get when missing). --ref: what to clone (default main) from this checkout's repository (SOAK_REPO: another).
# SOAK_DIR: where the logs go (default a new directory under /tmp). The figures go to docs/benchmarks.md ("Test
# suite"). (Bash reads a script as it runs it: to edit this file during a soak, run a copy of it.)
set -uo pipefail

usage() {
  echo "usage: $0 RUNS [--hog] [--ref BRANCH]" >&2
  exit 2
}
[[ $# -ge 1 && $1 =~ ^[1-9][0-9]*$ ]] || usage
runs=$1
shift
hog=false
ref=main
while [[ $# -gt 0 ]]; do
  case $1 in
    --hog) hog=true ;;
    --ref) [[ $# -ge 2 ]] || usage; ref=$2; shift ;;
    *) usage ;;
  esac
  shift
done

here=$(cd "$(dirname "$0")/.." && pwd)
repo=${SOAK_REPO:-$(git -C "$here" rev-parse --path-format=absolute --git-common-dir)}
logs=${SOAK_DIR:-$(mktemp -d /tmp/razzia-soak-XXXXXX)}
mkdir -p "$logs"
cores=$(nproc)

# What this script started, and only that, is stopped at the end: the hog, the run under way (its own process
# group), the clone being tested.
hog_pid=''
run_pid=''
clone=''
cleanup() {
  trap - EXIT INT TERM
  [[ -n $run_pid ]] && kill -TERM -- "-$run_pid" 2>/dev/null && wait "$run_pid" 2>/dev/null
  [[ -n $hog_pid ]] && kill -TERM "$hog_pid" 2>/dev/null && wait "$hog_pid" 2>/dev/null
  [[ -n $clone && -d $clone ]] && rm -rf "$clone"
}
trap cleanup EXIT
trap 'echo; echo "soak: interrupted; cleaning up" >&2; exit 130' INT TERM

if $hog; then
  if ! command -v stress-ng >/dev/null; then
    echo "soak: installing stress-ng with apt-get"
    if [[ $(id -u) -eq 0 ]]; then apt-get install -y stress-ng >/dev/null; else sudo apt-get install -y stress-ng >/dev/null; fi || {
      echo "soak: could not install stress-ng" >&2
      exit 1
    }
  fi
  stress-ng --cpu "$cores" --cpu-load 50 --quiet &
  hog_pid=$!
fi

echo "soak: $runs run(s) of the README's test command on fresh clones of $ref from $repo$($hog && echo ", beside stress-ng --cpu $cores --cpu-load 50")"
echo "soak: $(nproc) cores, $(node --version), $(uptime | sed 's/.*load average/load average/'); logs in $logs"

green=0
for ((i = 1; i <= runs; i++)); do
  clone=$(mktemp -d /tmp/razzia-soak-clone-XXXXXX)
  log="$logs/run-$i.log"
  git clone --quiet --branch "$ref" --single-branch "$repo" "$clone" || { echo "soak: git clone failed" >&2; exit 1; }
  commit=$(git -C "$clone" rev-parse --short HEAD)
  started=$(date +%s)
  # Its own process group (setsid), so that an interrupted soak stops exactly this run and what it started.
  setsid bash -c 'cd "$1" && npx -y pnpm@10.34.9 install --frozen-lockfile && npx -y pnpm@10.34.9 test' soak "$clone" >"$log" 2>&1 &
  run_pid=$!
  wait "$run_pid"
  code=$?
  run_pid=''
  wall=$(($(date +%s) - started))
  # What the run says of itself: vitest's counts and duration, each failed test with its error's first line, the
  # type checks, and errors outside any test.
  summary=$(node - "$log" <<'EOF'
const text = require('node:fs').readFileSync(process.argv[2], 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
const lines = text.split('\n');
const out = [];
const tests = /^\s*Tests\s+(.*)$/m.exec(text)?.[1]?.trim();
const duration = /^\s*Duration\s+([\d.]+)s/m.exec(text)?.[1];
out.push(`${tests ? `tests: ${tests}` : 'no test summary'}${duration ? `; vitest ${Math.round(Number(duration))} s` : ''}`);
const seen = new Set();
lines.forEach((line, i) => {
  const fail = /^\s*FAIL\s+(.*\S)\s*$/.exec(line);
  if (!fail || seen.has(fail[1])) return;
  seen.add(fail[1]);
  const error = lines.slice(i + 1).find((l) => l.trim() !== '' && !/^\s*FAIL\s/.test(l)) ?? '';
  out.push(`  failed: ${fail[1]}\n          ${error.trim().slice(0, 300)}`);
});
for (const l of lines) if (/^typecheck .*: (?!ok)/.test(l) || /The type checks failed/.test(l)) out.push(`  ${l.trim()}`);
const unhandled = /Vitest caught (\d+) unhandled errors?/.exec(text);
if (unhandled) out.push(`  ${unhandled[0]}: ${lines[lines.findIndex((l) => /Unhandled (Rejection|Error)/.test(l)) + 1]?.trim() ?? ''}`);
if (/ERR_PNPM|npm ERR!/.test(text)) out.push(`  install: ${lines.find((l) => /ERR_PNPM|npm ERR!/.test(l))?.trim()}`);
console.log(out.join('\n'));
EOF
)
  if [[ $code -eq 0 ]]; then
    green=$((green + 1))
    echo "run $i/$runs at $commit: green in $wall s; $summary"
  else
    echo "run $i/$runs at $commit: RED (exit $code) in $wall s; $summary"
  fi
  echo "  log: $log ($(uptime | sed 's/.*load average/load average/') at its end)"
  # What failed browser tests kept (each page's screenshot and console) goes with the log, not with the clone.
  if [[ -d $clone/apps/web/test-artifacts/failures ]]; then
    mv "$clone/apps/web/test-artifacts/failures" "$logs/run-$i-failures"
    echo "  failed pages' screenshots and consoles: $logs/run-$i-failures"
  fi
  rm -rf "$clone"
  clone=''
done
echo "soak: $green of $runs green$($hog && echo ' (beside the hog)'); logs in $logs"
[[ $green -eq $runs ]]
