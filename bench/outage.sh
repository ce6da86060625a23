#!/usr/bin/env bash
# bench/outage.sh: what a dead server costs a run. For each client/engine pair, a redis-server on a
# free loopback port is SIGKILLed DOWN seconds into a RUN-second workloada run of 8 clients and
# restarted on the same port OUTAGE seconds later; prints ERROR operations, the [OUTAGE] lines and
# the exit status, ROUNDS times per pair. Figures: docs/performance.md ("A killed server").
#   ROUNDS=3 bench/outage.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROUNDS=${ROUNDS:-3}
RUN=${RUN:-12}
DOWN=${DOWN:-5}
OUTAGE=${OUTAGE:-2}
PAIRS=${PAIRS:-"netty:async lettuce:async jedis:async jedis:sync lettuce:sync"}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start_redis() { # port dir
  redis-server --port "$1" --bind 127.0.0.1 --save '' --appendonly no --dir "$2" >/dev/null 2>&1 &
  echo $!
}

wait_up() { # port
  for _ in $(seq 100); do redis-cli -p "$1" ping >/dev/null 2>&1 && return 0; sleep 0.05; done
  echo "redis-server on port $1 did not start" >&2; return 1
}

echo "# $(date -u +%FT%TZ) $(nproc) cores, $(redis-server --version | awk '{print $3}'); run ${RUN}s, kill at ${DOWN}s for ${OUTAGE}s, 8 clients"
for pair in $PAIRS; do
  client=${pair%%:*}; engine=${pair##*:}
  for round in $(seq "$ROUNDS"); do
    dir=$(mktemp -d); port=$(free_port)
    pid=$(start_redis "$port" "$dir"); wait_up "$port"
    "$root/bin/ycsb" load redis -P "$root/workloads/workloada" -p redis.port="$port" -p recordcount=1000 \
      -p redis.client="$client" -threads 4 >/dev/null 2>&1
    "$root/bin/ycsb" run redis -P "$root/workloads/workloada" -p redis.port="$port" -p recordcount=1000 \
      -p operationcount=0 -p maxexecutiontime="$RUN" -p redis.client="$client" -p runner.engine="$engine" \
      -threads 8 >"$dir/out" 2>"$dir/err" &
    ycsb=$!
    sleep "$DOWN"; kill -9 "$pid"; wait "$pid" 2>/dev/null || true
    sleep "$OUTAGE"; pid=$(start_redis "$port" "$dir")
    status=0; wait "$ycsb" || status=$?
    errors=$(grep -E '^\[(READ|UPDATE)\], Return=ERROR' "$dir/out" | awk -F', ' '{s+=$3} END {print s+0}')
    outage=$(grep -E '^\[OUTAGE\], (Outages|Outage1.Duration\(ms\))' "$dir/out" | awk -F', ' '{printf "%s=%s ", $2, $3}')
    ok=$(grep -E '^\[OVERALL\], Throughput\(ok ops/sec\)' "$dir/out" | awk -F', ' '{printf "%.0f", $3}')
    echo "$client $engine round $round: exit $status, ERROR $errors, ok ops/s $ok, $outage"
    kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
    rm -rf "$dir"
  done
done
