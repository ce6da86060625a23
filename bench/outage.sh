#!/usr/bin/env bash
# bench/outage.sh: what a dead server costs a run. For each client/engine pair, a redis-server on a
# free loopback port is SIGKILLed DOWN seconds into a RUN-second workloada run of 8 clients and
# restarted on the same port OUTAGE seconds later; prints ERROR operations, the [OUTAGE] lines, the
# exit status and the recovery, ROUNDS times per pair. Recovery, from the run's timeline (a row
# every ROW seconds, default 0.1): "pre" is the median throughput of the rows that ended before the
# kill (the first second, with the JVM's start, left out); "back" is how long after the restart
# ended the first row that began at or after the restart with at least 80% of "pre" and from which
# the next second of rows held 80% of "pre" on average (a row's end: an upper bound by up to one
# row). Figures: bench/results/outage.md, shown in docs/performance.md ("A killed server").
#   ROUNDS=3 bench/outage.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/bench/lib/results.sh"
results_start "$(results_env ROUNDS RUN DOWN OUTAGE ROW PAIRS)" "$@"
ROUNDS=${ROUNDS:-3}
RUN=${RUN:-12}
DOWN=${DOWN:-5}
OUTAGE=${OUTAGE:-2}
ROW=${ROW:-0.1}
PAIRS=${PAIRS:-"netty:async lettuce:async jedis:async jedis:sync lettuce:sync"}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# AOF (fsync every second): the restarted server reloads the records, so the reads after the
# restart find their keys as before the kill (an empty server would answer cheaper misses)
start_redis() { # port dir
  redis-server --port "$1" --bind 127.0.0.1 --save '' --appendonly yes --appendfsync everysec --dir "$2" >/dev/null 2>&1 &
  echo $!
}

wait_up() { # port
  for _ in $(seq 100); do redis-cli -p "$1" ping >/dev/null 2>&1 && return 0; sleep 0.05; done
  echo "redis-server on port $1 did not start" >&2; return 1
}

echo "# $(date -u +%FT%TZ) $(nproc) cores, $(redis-server --version | awk '{print $3}'); run ${RUN}s, kill at ${DOWN}s for ${OUTAGE}s, 8 clients, timeline rows of ${ROW}s"
{
echo "| client | engine | round | exit | ERROR | ok ops/s | outage | recovery |"
echo "|---|---|---:|---:|---:|---:|---|---|"
for pair in $PAIRS; do
  client=${pair%%:*}; engine=${pair##*:}
  for round in $(seq "$ROUNDS"); do
    dir=$(mktemp -d); port=$(free_port)
    pid=$(start_redis "$port" "$dir"); wait_up "$port"
    "$root/bin/ycsb" load redis -P "$root/workloads/workloada" -p redis.port="$port" -p recordcount=1000 \
      -p redis.client="$client" -threads 4 >/dev/null 2>&1
    "$root/bin/ycsb" run redis -P "$root/workloads/workloada" -p redis.port="$port" -p recordcount=1000 \
      -p operationcount=0 -p maxexecutiontime="$RUN" -p redis.client="$client" -p runner.engine="$engine" \
      -p timeline.file="$dir/timeline.jsonl" -p timeline.interval="$ROW" -threads 8 >"$dir/out" 2>"$dir/err" &
    ycsb=$!
    sleep "$DOWN"; killed=$(date +%s.%N); kill -9 "$pid"; wait "$pid" 2>/dev/null || true
    sleep "$OUTAGE"; restarted=$(date +%s.%N); pid=$(start_redis "$port" "$dir")
    status=0; wait "$ycsb" || status=$?
    [ "$(redis-cli -p "$port" dbsize)" = 1000 ] || echo "warning: the restarted server holds $(redis-cli -p "$port" dbsize) keys, not 1000" >&2
    errors=$(grep -E '^\[(READ|UPDATE)\], Return=ERROR' "$dir/out" | awk -F', ' '{s+=$3} END {print s+0}')
    outage=$(grep -E '^\[OUTAGE\], (Outages|Outage1.Duration\(ms\))' "$dir/out" | awk -F', ' '{printf "%s=%s ", $2, $3}')
    ok=$(grep -E '^\[OVERALL\], Throughput\(ok ops/sec\)' "$dir/out" | awk -F', ' '{printf "%.0f", $3}')
    recovery=$(python3 - "$dir/timeline.jsonl" "$killed" "$restarted" "$ROW" <<'PY'
import json, sys, statistics
from datetime import datetime
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
killed, restarted = float(sys.argv[2]), float(sys.argv[3])
def end(r):
    return datetime.fromisoformat(r["time"].replace("Z", "+00:00")[:26] + "+00:00").timestamp()
row = float(sys.argv[4])
pre = [r["ops_per_s"] for r in rows if end(r) < killed and r["elapsed_s"] > 1 and r["interval_s"] > 0.9 * row]
if not pre:
    print("recovery: no row before the kill"); sys.exit()
base = statistics.median(pre)
for i, r in enumerate(rows):
    began = end(r) - r["interval_s"]
    if began < restarted or r["ops_per_s"] < 0.8 * base:
        continue
    second = [x for x in rows[i:] if end(x) - x["interval_s"] < began + 1]
    held = sum(x["operations"] for x in second) / sum(x["interval_s"] for x in second)
    if held >= 0.8 * base:
        print("pre %.0f ops/s, back to >= 80%% %.2f s after the restart (the next second at %.0f ops/s)"
              % (base, end(r) - restarted, held))
        break
else:
    print("pre %.0f ops/s, never back to 80%%" % base)
PY
)
    echo "| $client | $engine | $round | $status | $errors | $ok | ${outage% } | $recovery |"
    kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
    rm -rf "$dir"
  done
done
} | results_tee "$ROUNDS round(s) per client and engine; each a $RUN s run, the server killed at $DOWN s for $OUTAGE s"
results_keep outage
