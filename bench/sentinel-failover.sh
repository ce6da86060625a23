#!/usr/bin/env bash
# bench/sentinel-failover.sh: a failover under a run, as the replicas-and-Sentinel issue states it.
# For each case, a primary with one replica and three Sentinels (down-after-milliseconds 1000,
# failover-timeout 3000) on free loopback ports; a RUN-second workloada run of 4 clients at RATE
# operations per second finds the primary through the Sentinels; the primary is SIGKILLed KILL
# seconds into the run. Prints, per case and round: the exit status, the ERROR operations, the
# outages, when the replica said role:master after the kill (the Sentinels' failover time), when the
# outage ended after that promotion, and (redis.lost_writes=check) the acknowledged writes the
# failover lost, with and without WAIT for one replica (and the UPDATE latency that WAIT costs;
# after the failover the promoted replica has no replica, so every waited write fails its WAIT).
# Last, a table per case over its rounds (min-max). Figures: bench/results/sentinel-failover.md.
#   ROUNDS=3 bench/sentinel-failover.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/bench/lib/results.sh"
results_start "$(results_env ROUNDS RUN KILL RATE CASES)" "$@"
ROUNDS=${ROUNDS:-3}
RUN=${RUN:-30}
KILL=${KILL:-10}
RATE=${RATE:-2000}
# client:engine:wait (wait: the replicas each write waits for, redis.wait.replicas; lost writes checked on each)
CASES=${CASES:-"netty:async:0 netty:async:1 lettuce:async:0 lettuce:async:1 jedis:sync:0 jedis:sync:1"}
[ -f "$root/redis-string/target/ycsb-redis-string.jar" ] || (cd "$root" && mvn -q -B -ntp -DskipTests package)

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

wait_up() { # port
  for _ in $(seq 100); do redis-cli -p "$1" ping >/dev/null 2>&1 && return 0; sleep 0.05; done
  echo "bench/sentinel-failover.sh: nothing answers on port $1" >&2; return 1
}

pids=()
cleanup() {
  [ ${#pids[@]} -eq 0 ] || kill -9 "${pids[@]}" 2>/dev/null || true
  pids=()
}
trap cleanup EXIT

# starts the set in $1; sets primary, replica, sentinels (host:port list)
start_set() {
  local dir="$1" s conf
  primary=$(free_port); replica=$(free_port)
  # disowned: no "Killed" line from the shell when the set is torn down
  redis-server --port "$primary" --bind 127.0.0.1 --save '' --appendonly no --dir "$dir" --logfile "$dir/primary.log" &
  pids+=($!); disown $!
  redis-server --port "$replica" --bind 127.0.0.1 --save '' --appendonly no --dir "$dir" --logfile "$dir/replica.log" \
    --replicaof 127.0.0.1 "$primary" &
  pids+=($!); disown $!
  wait_up "$primary"; wait_up "$replica"
  for _ in $(seq 100); do
    redis-cli -p "$replica" info replication | grep -q 'master_link_status:up' && break; sleep 0.1
  done
  sentinels=""
  for i in 1 2 3; do
    s=$(free_port); conf="$dir/sentinel-$i.conf"
    printf 'port %s\nbind 127.0.0.1\ndir %s\nsentinel monitor ycsbmaster 127.0.0.1 %s 2\nsentinel down-after-milliseconds ycsbmaster 1000\nsentinel failover-timeout ycsbmaster 3000\n' \
      "$s" "$dir" "$primary" >"$conf"
    redis-server "$conf" --sentinel --logfile "$dir/sentinel-$i.log" &
    pids+=($!); disown $!
    wait_up "$s"
    sentinels="$sentinels${sentinels:+,}127.0.0.1:$s"
  done
  # every Sentinel knows the replica and the other Sentinels before the run
  for s in ${sentinels//,/ }; do
    for _ in $(seq 200); do
      out=$(redis-cli -p "${s##*:}" sentinel master ycsbmaster | paste -sd' ')
      [[ "$out" =~ num-slaves\ 1 ]] && [[ "$out" =~ num-other-sentinels\ 2 ]] && break; sleep 0.1
    done
  done
}

metric() { # file section name
  awk -F', ' -v s="[$2]" -v n="$3" '$1 == s && $2 == n { print $3; exit }' "$1"
}

rows_file=$(mktemp)
echo "# $(date -u +%FT%TZ) $(nproc) cores, $(redis-server --version | awk '{print $3}'); ${RUN} s runs of 4 clients at ${RATE} ops/s, primary SIGKILLed at ${KILL} s"
{
echo "| client | engine | WAIT | round | exit | ERROR | outages | promoted after kill (s) | outage ended after promotion (s) | outage (ms) | acknowledged keys | lost | UPDATE avg (us) |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for c in $CASES; do
  IFS=: read -r client engine wait <<<"$c"
  for round in $(seq "$ROUNDS"); do
    dir=$(mktemp -d)
    start_set "$dir"
    extra=(-p redis.lost_writes=check -p redis.wait.replicas="$wait")
    "$root/bin/ycsb" run redis -P "$root/workloads/workloada" -p redis.sentinels="$sentinels" \
      -p redis.sentinel.master=ycsbmaster -p redis.client="$client" -p runner.engine="$engine" \
      -p recordcount=10000 -p fieldcount=1 -p operationcount=0 -p maxexecutiontime="$RUN" -p redis.timeout=500 \
      "${extra[@]}" -target "$RATE" -threads 4 >"$dir/out" 2>"$dir/err" &
    ycsb=$!
    sleep "$KILL"
    killed=$(date +%s.%N); kill -9 "${pids[0]}"
    promoted=""
    for _ in $(seq 400); do
      if redis-cli -p "$replica" role 2>/dev/null | head -1 | grep -q master; then promoted=$(date +%s.%N); break; fi
      sleep 0.02
    done
    status=0; wait "$ycsb" || status=$?
    errors=$(grep -E '^\[(READ|UPDATE)\], Return=ERROR' "$dir/out" | awk -F', ' '{s+=$3} END {print s+0}')
    outages=$(metric "$dir/out" OUTAGE Outages)
    duration=$(metric "$dir/out" OUTAGE 'Outage1.Duration(ms)')
    end=$(metric "$dir/out" OUTAGE Outage1.End)
    after=$(python3 - "$killed" "${promoted:-0}" "${end:-}" <<'PY'
import sys
from datetime import datetime
killed, promoted, end = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
p = "%.2f" % (promoted - killed) if promoted else "never"
e = "%.2f" % (datetime.fromisoformat(end.replace("Z", "+00:00")).timestamp() - promoted) if end and promoted else "-"
print(p, e)
PY
)
    keys=$(metric "$dir/out" LOST-WRITES AcknowledgedKeys); lost=$(metric "$dir/out" LOST-WRITES Lost)
    upd=$(metric "$dir/out" UPDATE 'AverageLatency(us)')
    echo "| $client | $engine | $wait | $round | $status | $errors | ${outages:-0} | ${after% *} | ${after#* } | ${duration:--} | ${keys:--} | ${lost:--} | $(printf '%.0f' "${upd:-0}") |"
    cleanup
    rm -rf "$dir"
  done
done | tee "$rows_file"
echo
# per case, over its rounds: min-max of each figure
python3 - "$rows_file" <<'PY'
import sys
rows = [r for r in (l.strip().strip("|").split("|") for l in open(sys.argv[1]) if l.startswith("| "))
        if r[3].strip().isdigit()]
cases = {}
for r in rows:
    r = [c.strip() for c in r]
    cases.setdefault(tuple(r[0:3]), []).append(r)
def span(vals):
    nums = [float(v) for v in vals if v not in ("-", "never")]
    if not nums:
        return "-"
    lo, hi = min(nums), max(nums)
    fmt = (lambda x: f"{x:,.2f}") if any("." in v for v in vals) else (lambda x: f"{x:,.0f}")
    return fmt(lo) if lo == hi else f"{fmt(lo)}-{fmt(hi)}"
print("| client | engine | WAIT | rounds | exit | ERROR | outages | promoted after kill (s) | outage ended after promotion (s) | lost of acknowledged keys | UPDATE avg (us) |")
print("|---|---|---:|---:|---|---:|---:|---:|---:|---|---:|")
for (client, engine, wait), rs in cases.items():
    exits = ",".join(sorted(set(r[4] for r in rs)))
    lost = f"{span([r[11] for r in rs])} of {span([r[10] for r in rs])}"
    print(f"| {client} | {engine} | {wait} | {len(rs)} | {exits} | {span([r[5] for r in rs])} | {span([r[6] for r in rs])} | "
          f"{span([r[7] for r in rs])} | {span([r[8] for r in rs])} | {lost} | {span([r[12] for r in rs])} |")
PY
} | results_tee "$RUN s per run, the primary killed at $KILL s"
rm -f "$rows_file"
results_keep sentinel-failover
