#!/usr/bin/env bash
# Builds the image and checks it as docker-compose.yml runs it, with docker or podman (whichever answers).
#
#   scripts/check-container.sh [all|default|cluster|measure]      (default: all = default, then cluster)
#
#   default  the default service: /healthz (nothing but "ok" without the operator token; the detail and /metrics
#            with it), the image's HEALTHCHECK, the web client, a table of bots played to its
#            end over a websocket (a searching bot among them, thinking in the worker thread), a restart in the
#            middle of a game that keeps the table, a SIGTERM stop that exits 0 within the grace period, the
#            server's user (not root), and a plain error for a data directory it cannot write
#   cluster  the cluster profile: PostgreSQL, Redis, three replicas and nginx; a table opened through the proxy
#            keeps playing to its end after the container that owns it is killed; the proxy serves no /metrics
#   measure  the figures of docs/benchmarks.md (Container): image and app layer sizes, time from `run` to a
#            healthy /healthz (and the server's CPU time until then) and SIGTERM stop time, the median of RUNS
#            fresh starts
#
# Needs: docker (with its daemon) or podman, curl, Node and the workspace installed (`pnpm install`: the
# websocket client). The images the compose file names (node:20-bookworm-slim, postgres:15, redis:7, nginx:1.27)
# come from a registry, or must be present locally. With podman the image is built in docker format, which keeps
# its HEALTHCHECK.
# Env: ENGINE (docker|podman), IMAGE (razzia-online), PORT (3000) and PROXY_PORT (8080) on 127.0.0.1,
#      SKIP_BUILD=1 (check the image as it is), KEEP=1 (leave the containers running), RUNS (measure: 5),
#      BUILD_ARGS (more arguments for the build, e.g. --network host), OPERATOR_TOKEN (one is made up if unset).
#
# The services are started with plain engine commands that mirror docker-compose.yml's (the same on docker and
# podman, and no compose tool needed): keep them in step with it. Bots wait BOT_DELAY_MS=100 here instead of
# 700, so that a game ends in seconds.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
STEP=${1:-all}
IMAGE=${IMAGE:-razzia-online}
PORT=${PORT:-3000}
PROXY_PORT=${PROXY_PORT:-8080}
RUNS=${RUNS:-5}
OPERATOR_TOKEN=${OPERATOR_TOKEN:-check-container-$(date +%s%N)}
export OPERATOR_TOKEN
P=razzia-check                       # every container, volume and network here is named razzia-check*
TABLE="node $ROOT/scripts/check-container-table.mjs"

if [ -z "${ENGINE:-}" ]; then
  if command -v docker > /dev/null && docker info > /dev/null 2>&1; then ENGINE=docker
  elif command -v podman > /dev/null; then ENGINE=podman
  else echo "neither docker (with a running daemon) nor podman is here"; exit 2; fi
fi
if [ "$ENGINE" = podman ]; then
  # Without systemd, podman cannot schedule healthchecks and says so at every run and stop: not our fault.
  E() { podman "$@" 2> >(grep -v 'unable to get systemd connection' >&2); }
else
  E() { docker "$@"; }
fi
say() { printf '\n== %s\n' "$*"; }
ok() { printf '   ok: %s\n' "$*"; }
die() { printf '   FAILED: %s\n' "$*"; exit 1; }
now() { date +%s.%N; }
since() { awk -v a="$(now)" -v b="$1" 'BEGIN { printf "%.2f", a - b }'; }

build() {
  [ "${SKIP_BUILD:-}" = 1 ] && return
  say "build $IMAGE with $ENGINE"
  local format=(); [ "$ENGINE" = podman ] && format=(--format docker)
  # shellcheck disable=SC2086
  local commit; commit=$(git -C "$ROOT" rev-parse HEAD 2> /dev/null || echo unknown)
  E build "${format[@]}" --build-arg RAZZIA_COMMIT="$commit" ${BUILD_ARGS:-} -t "$IMAGE" "$ROOT" > /tmp/$P-build.log 2>&1 || { tail -20 /tmp/$P-build.log; die "build (log: /tmp/$P-build.log)"; }
  ok "built $(E image inspect "$IMAGE" --format '{{.Id}}' | cut -c1-19)"
}

cleanup() {
  [ "${KEEP:-}" = 1 ] && return
  local c
  for c in $P $P-ro $P-postgres $P-redis $P-app1 $P-app2 $P-app3 $P-proxy; do
    E kill "$c" > /dev/null 2>&1 || true; E rm -f -v "$c" > /dev/null 2>&1 || true   # -v: and its anonymous volumes (redis: /data)
  done
  E volume rm -f $P-data $P-postgres-data $P-redis-data $P-app1-data $P-app2-data $P-app3-data > /dev/null 2>&1 || true
  E network rm $P-net > /dev/null 2>&1 || true
}

# Waits until `curl URL` answers 200; prints the seconds it took since $2.
healthy() {
  local url=$1 t0=$2 container=${3:-}
  for _ in $(seq 1 600); do
    curl -sf -o /dev/null "$url" && { since "$t0"; return; }
    if [ -n "$container" ] && [ "$(E inspect "$container" --format '{{.State.Running}}')" != true ]; then
      E logs "$container" 2>&1 | tail -8; die "$container stopped: $(E inspect "$container" --format 'exit code {{.State.ExitCode}}')"
    fi
    sleep 0.02
  done
  die "$url never answered"
}

# The image's own HEALTHCHECK command, run in the container (docker runs it every 30 s; podman only from systemd).
healthcheck() {
  local test; test=$(E inspect "$1" --format '{{json .Config.Healthcheck.Test}}')
  [ -n "$test" ] && [ "$test" != null ] || die "$1 has no HEALTHCHECK"
  local cmd; mapfile -t cmd < <(node -e 'const t = JSON.parse(process.argv[1]); for (const a of t[0] === "CMD-SHELL" ? ["sh", "-c", t[1]] : t.slice(1)) console.log(a)' "$test")
  E exec "$1" "${cmd[@]}" || die "the HEALTHCHECK of $1 failed"
}

# docker-compose.yml's `razzia` service: named volume on /data, port 3000, restart unless stopped, 20 s to stop.
run_default() {
  E run -d --name $P -p "127.0.0.1:$PORT:3000" -e PORT=3000 -e HOST=0.0.0.0 -e DATA_DIR=/data -e BOT_DELAY_MS=100 -e OPERATOR_TOKEN \
    -v $P-data:/data --restart unless-stopped --stop-timeout 20 "$IMAGE" > /dev/null
}

default() {
  local url=http://127.0.0.1:$PORT t0 a b seq
  cleanup
  say "default service ($IMAGE on port $PORT)"
  t0=$(now); run_default
  ok "healthy $(healthy "$url/healthz" "$t0" $P) s after run"
  [ "$(curl -sf "$url/healthz")" = '{"status":"ok"}' ] || die "/healthz without the operator token: $(curl -s "$url/healthz")"
  curl -sf -H "authorization: Bearer $OPERATOR_TOKEN" "$url/healthz" | grep -q '"status":"ok","store":"sqlite"' || die "/healthz with the operator token: $(curl -s -H "authorization: Bearer $OPERATOR_TOKEN" "$url/healthz")"
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$url/metrics")" = 401 ] || die "/metrics answers without the operator token"
  curl -sf -H "authorization: Bearer $OPERATOR_TOKEN" "$url/metrics" | grep -q '^razzia_tables ' || die "/metrics with the operator token"
  ok "/healthz says only \"ok\" without the operator token; its detail and /metrics need the token"
  # The release, set when the image was built: its labels, /healthz's detail and /metrics say the same.
  local version labelled; version=$(node -p "require('$ROOT/package.json').version")
  labelled=$(E image inspect "$IMAGE" --format '{{index .Config.Labels "org.opencontainers.image.version"}} {{index .Config.Labels "org.opencontainers.image.revision"}}')
  [ "${labelled%% *}" = "$version" ] || die "the image is labelled version ${labelled%% *}, package.json says $version"
  curl -sf -H "authorization: Bearer $OPERATOR_TOKEN" "$url/healthz" | grep -q "\"version\":\"$version\",\"commit\":\"${labelled#* }\"" || die "/healthz does not name $labelled"
  curl -sf -H "authorization: Bearer $OPERATOR_TOKEN" "$url/metrics" | grep -q "^razzia_build_info{version=\"$version\",commit=\"${labelled#* }\"" || die "/metrics has no razzia_build_info of $labelled"
  ok "the image, /healthz and /metrics name release $labelled"
  healthcheck $P; ok "the image's HEALTHCHECK passes"

  local uid; uid=$(E exec $P cat /proc/1/status | awk '/^Uid:/ {print $2}')
  [ "$uid" != 0 ] || die "the server runs as root"
  ok "the server (pid 1: $(E exec $P cat /proc/1/cmdline | tr '\0' ' ')) runs as uid $uid, not root"

  local page; page=$(curl -sf -D /tmp/$P-headers "$url/") || die "GET / failed"
  grep -qi '^content-type: text/html' /tmp/$P-headers && grep -q '__sveltekit' <<< "$page" || die "GET / is not the SvelteKit page"
  ok "GET / serves the web client ($(wc -c <<< "$page") bytes of SvelteKit page)"

  a=$($TABLE open "$url" razzia greedy,random,easy)
  seq=$($TABLE follow "$url" "$a" --timeout 120) || die "table $a did not end"
  ok "table $a (greedy, random and easy bots) played to its end over a websocket: $seq"
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$url/api/tables/$a/record")" = 200 ] || die "no record for $a"
  ! E logs $P 2>&1 | grep -q 'had no answer' || die "a searching bot could not think (worker thread)"
  ok "its record downloads; the easy bot thought in the worker thread"

  b=$($TABLE open "$url" robbery greedy,easy,random)
  seq=$($TABLE follow "$url" "$b" --entries 5 --timeout 60 | awk '{print $2}')
  t0=$(now); E restart -t 20 $P > /dev/null
  ok "restarted in the middle of table $b (at seq $seq): healthy $(healthy "$url/healthz" "$t0" $P) s after restart"
  seq=$($TABLE follow "$url" "$b" --kept-from "$seq" --timeout 120) || die "table $b was not kept"
  ok "table $b came back where it was and played on to its end: $seq"
  curl -sf "$url/api/tables/$a" | grep -q '"status":"over"' || die "table $a is gone after the restart"
  ok "table $a is still there, over"

  t0=$(now); E stop -t 20 $P > /dev/null; local took; took=$(since "$t0")
  local code; code=$(E inspect $P --format '{{.State.ExitCode}}')
  [ "$code" = 0 ] || die "stopped with exit code $code"
  awk -v t="$took" 'BEGIN { exit !(t < 20) }' || die "the stop took $took s: killed at the end of the grace period"
  ok "SIGTERM: exit code 0 after $took s (grace period 20 s)"

  # A bind mount the server cannot write: a plain error, not SQLITE_CANTOPEN (README: Deployment).
  local ro; ro=$(mktemp -d); chmod 755 "$ro"
  if [ "$(stat -c %u "$ro")" != 1000 ]; then   # owned by someone else than the image's user
    E run --name $P-ro -v "$ro:/data" "$IMAGE" > /tmp/$P-ro.log 2>&1 && die "the server started on a directory it cannot write"
    grep -q 'is not writable by this process (uid 1000)' /tmp/$P-ro.log || { cat /tmp/$P-ro.log; die "no plain error for an unwritable /data"; }
    ok "a root-owned bind mount on /data: the server exits saying \"$(grep -o -m1 'the data directory /data[^:]*' /tmp/$P-ro.log)\""
    E rm -f $P-ro > /dev/null
  else echo "   (skipped the unwritable /data check: this user is uid 1000, as the image's)"
  fi
  rmdir "$ro"
  cleanup
}

# Which of the replicas named owns table $1 (by its /healthz), if any.
owner_of() {
  local id=$1 app; shift
  for app in "$@"; do
    E exec $P-$app node -e "fetch('http://127.0.0.1:3000/healthz',{headers:{authorization:'Bearer '+process.env.OPERATOR_TOKEN}}).then(r=>r.json()).then(h=>process.exit(h.owned.includes(process.argv[1])?0:1))" "$id" 2> /dev/null && { echo "$app"; return; }
  done
  true
}

# docker-compose.yml's cluster profile: postgres, redis, app1-3 and proxy on one network, by service name.
cluster() {
  local url=http://127.0.0.1:$PROXY_PORT n id seq owner t0
  cleanup
  say "cluster profile (proxy on port $PROXY_PORT)"
  E network create $P-net > /dev/null
  E run -d --name $P-postgres --network $P-net --network-alias postgres -e POSTGRES_USER=razzia \
    -e POSTGRES_PASSWORD=razzia -e POSTGRES_DB=razzia -v $P-postgres-data:/var/lib/postgresql/data \
    --restart unless-stopped postgres:15 > /dev/null
  E run -d --name $P-redis --network $P-net --network-alias redis --restart unless-stopped -v $P-redis-data:/data \
    redis:7 redis-server --save "" --appendonly no > /dev/null
  # depends_on: service_healthy, by the compose file's own healthchecks
  for _ in $(seq 1 300); do E exec $P-postgres pg_isready -U razzia -d razzia > /dev/null 2>&1 && break; sleep 0.1; done
  E exec $P-postgres pg_isready -U razzia -d razzia > /dev/null || die "postgres is not ready"
  for _ in $(seq 1 300); do E exec $P-redis redis-cli ping 2> /dev/null | grep -q PONG && break; sleep 0.1; done
  ok "postgres and redis healthy"
  for n in 1 2 3; do
    E run -d --name $P-app$n --network $P-net --network-alias app$n -e PORT=3000 -e HOST=0.0.0.0 \
      -e DATABASE_URL=postgres://razzia:razzia@postgres:5432/razzia -e REDIS_URL=redis://redis:6379 -e NODE_ID=app$n \
      -e BOT_DELAY_MS=100 -e OPERATOR_TOKEN -e TRUST_PROXY=uniquelocal -v $P-app$n-data:/data --restart unless-stopped --stop-timeout 20 "$IMAGE" > /dev/null
  done
  for n in 1 2 3; do
    for _ in $(seq 1 300); do E exec $P-app$n node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))" 2> /dev/null && break; sleep 0.1; done
    healthcheck $P-app$n
  done
  ok "app1, app2 and app3 healthy"
  E run -d --name $P-proxy --network $P-net -p "127.0.0.1:$PROXY_PORT:80" \
    -v "$ROOT/deploy/nginx.conf:/etc/nginx/nginx.conf:ro" --restart unless-stopped nginx:1.27 > /dev/null
  t0=$(now); ok "the proxy answers /healthz $(healthy "$url/healthz" "$t0" $P-proxy) s after run"
  [ "$(curl -s -o /dev/null -w '%{http_code}' -H "authorization: Bearer $OPERATOR_TOKEN" "$url/metrics")" = 404 ] || die "the proxy serves /metrics"
  ok "the proxy serves no /metrics (each replica is scraped on its own)"

  id=$($TABLE open "$url" razzia greedy,random,easy)
  seq=$($TABLE follow "$url" "$id" --entries 5 --timeout 60 | awk '{print $2}')
  owner=$(owner_of "$id" app1 app2 app3)
  [ -n "$owner" ] || die "no replica owns table $id"
  E kill $P-$owner > /dev/null
  ok "table $id opened through the proxy, owned by $owner: killed $owner (SIGKILL) at seq $seq"
  seq=$($TABLE follow "$url" "$id" --kept-from "$seq" --entries 5 --timeout 60 | awk '{print $2}') || die "table $id stopped with its owner"
  local heir; heir=$(owner_of "$id" $(printf 'app%s\n' 1 2 3 | grep -vx "$owner"))
  [ -n "$heir" ] || die "no other replica took table $id over"
  ok "$heir took it over and it plays on (seq $seq)"
  seq=$($TABLE follow "$url" "$id" --kept-from "$seq" --timeout 120) || die "table $id did not end"
  ok "table $id played to its end: $seq"
  cleanup
}

# Sizes, and the median of RUNS fresh starts: `run` to a healthy /healthz, and `stop` (SIGTERM) to exit.
measure() {
  local url=http://127.0.0.1:$PORT starts=() inside=() cpus=() stops=() i t0 t1 started base size
  say "measure $IMAGE ($RUNS starts)"
  size=$(E image inspect "$IMAGE" --format '{{.Size}}')
  base=$(E image inspect node:20-bookworm-slim --format '{{.Size}}')
  awk -v s="$size" -v b="$base" 'BEGIN { printf "   image: %.1f MB; the app over node:20-bookworm-slim: %.1f MB\n", s / 1e6, (s - b) / 1e6 }'
  # the layers the app adds (the first ones listed), by size; awk reads to the end (no SIGPIPE under pipefail)
  E history "$IMAGE" --format '{{.Size}}\t{{.CreatedBy}}' | awk -F'\t' '$1 != "0B" && $1 != "0 B" && n++ < 4 { print "   layer " $1 ": " substr($2, 1, 90) }'
  for i in $(seq 1 "$RUNS"); do
    cleanup
    t0=$(now); run_default; starts+=("$(healthy "$url/healthz" "$t0" $P)"); t1=$(awk -v a="$t0" -v b="${starts[-1]}" 'BEGIN { printf "%.3f", a + b }')
    # from the moment the engine started the container's process (docker: RFC 3339; podman: "… +0000 UTC")
    started=$(date -d "$(E inspect $P --format '{{.State.StartedAt}}' | sed 's/ UTC$//')" +%s.%N)
    inside+=("$(awk -v a="$t1" -v b="$started" 'BEGIN { printf "%.2f", a - b }')")
    # the CPU time the server used to get there (utime + stime of pid 1, in clock ticks of 1/100 s)
    cpus+=("$(E exec $P cat /proc/1/stat | awk '{ printf "%.2f", ($14 + $15) / 100 }')")
    t0=$(now); E stop -t 20 $P > /dev/null; stops+=("$(since "$t0")")
    [ "$(E inspect $P --format '{{.State.ExitCode}}')" = 0 ] || die "stopped with exit code $(E inspect $P --format '{{.State.ExitCode}}')"
  done
  cleanup
  median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
  echo "   run to healthy: median $(median "${starts[@]}") s of ${starts[*]} (load average $(cut -d' ' -f1-3 /proc/loadavg))"
  echo "   process start to healthy: median $(median "${inside[@]}") s of ${inside[*]}"
  echo "   server CPU until healthy: median $(median "${cpus[@]}") s of ${cpus[*]}"
  echo "   SIGTERM stop:   median $(median "${stops[@]}") s of ${stops[*]}"
}

trap cleanup EXIT
case $STEP in
  default) build; default ;;
  cluster) build; cluster ;;
  measure) build; measure ;;
  all) build; default; cluster ;;
  *) echo "unknown step $STEP (all, default, cluster or measure)"; exit 2 ;;
esac
say "passed ($STEP)"
