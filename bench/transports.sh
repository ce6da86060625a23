#!/usr/bin/env bash
# bench/transports.sh: the binding's own client (redis.client=netty, the default on the async
# engine) on Netty's epoll transport, as shipped, against the same client on Netty's io_uring
# transport, side by side in one run against one redis-server (free loopback port, stopped at
# exit), the two builds alternating within each round (their order swapped every other round).
# The io_uring build is this checkout with bench/patches/resp-io_uring.patch applied, in a
# temporary git worktree built here (Maven fetches the io_uring artifacts if they are missing)
# and removed at exit.
# Cases (100,000 records of one 100-byte field; Uniform-Read GETs; WARMUP s of warm-up, then RUN
# measured seconds):
#   8x1 and 32x1: -threads 8 / 32 at saturation (one operation in flight per connection);
#   8x1@R and 32x1@R: the same throttled to -target R (RATE, default 40000) with the intended
#     latency beside the measured one;
#   2x16: -threads 32 -p redis.connections=2 at saturation.
# Prints per case, round and build: ops/s, [READ] p99, [Intended-READ] p99 (throttled cases) and
# the client's CPU per operation ([CLIENT] CpuPerOperation, the JVM's over the measured phase).
# Figures: bench/results/transports.md, shown in docs/performance.md ("Netty's transport: epoll against io_uring").
#   ROUNDS=3 bench/transports.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
ROUNDS=${ROUNDS:-3}
RUN=${RUN:-5}
WARMUP=${WARMUP:-3}
RATE=${RATE:-40000}
CASES=${CASES:-"8x1 32x1 8x1@R 32x1@R 2x16"}
[ "$(cat /proc/sys/kernel/io_uring_disabled 2>/dev/null || echo 0)" = 0 ] || {
  echo "bench/transports.sh: io_uring is disabled here (/proc/sys/kernel/io_uring_disabled)" >&2; exit 2; }
bench_no_build=1
. "$root/bench/lib/redis-bench.sh"
. "$root/bench/lib/results.sh"
results_start "$(results_env ROUNDS RUN WARMUP RATE CASES)" "$@"

uring="$tmp/io_uring"
git -C "$root" worktree add --detach -q "$uring" HEAD
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; git -C "$root" worktree remove --force "$uring" 2>/dev/null; rm -rf "$tmp"' EXIT
git -C "$uring" apply "$root/bench/patches/resp-io_uring.patch"
echo "building the io_uring variant in $uring ..." >&2
(cd "$uring" && mvn -q -B -ntp -DskipTests package >"$tmp/build.log" 2>&1) || {
  echo "bench/transports.sh: the io_uring build failed:" >&2; tail -20 "$tmp/build.log" >&2; exit 1; }

common=(-p redis.host=127.0.0.1 -p redis.port="$port" -P workloads/uniform-read -p recordcount=100000
  -p fieldcount=1 -p fieldlength=100 -p insertorder=ordered)
"$root/bin/ycsb" load redis "${common[@]}" -P workloads/load -threads 8 >/dev/null 2>&1
case_args() { # case -> the arguments of its run phase
  case "$1" in
    8x1) echo "-threads 8" ;;
    32x1) echo "-threads 32" ;;
    8x1@R) echo "-threads 8 -target $RATE -p measurement.interval=both" ;;
    32x1@R) echo "-threads 32 -target $RATE -p measurement.interval=both" ;;
    2x16) echo "-threads 32 -p redis.connections=2" ;;
    *) echo "bench/transports.sh: unknown case $1" >&2; exit 2 ;;
  esac
}
metric() { # file section name
  awk -F', ' -v s="[$2]" -v n="$3" '$1==s && $2==n {printf "%.1f", $3; found=1} END {if (!found) printf "-"}' "$1"
}

echo "# $(date -u +%FT%TZ) $(bench_machine); redis-server $(redis-server --version | awk '{print $3}')"
echo "# commit $(git -C "$root" rev-parse --short HEAD); ${WARMUP}s warm-up + ${RUN}s measured per run; $ROUNDS rounds"
{
printf '| case | round | transport | ops/s | p99 us | intended p99 us | CPU us/op |\n|---|---|---|---:|---:|---:|---:|\n'
for c in $CASES; do
  read -r -a args <<<"$(case_args "$c")"
  for round in $(seq "$ROUNDS"); do
    order="epoll io_uring"; [ $((round % 2)) = 0 ] && order="io_uring epoll"
    for t in $order; do
      dir=$root; [ "$t" = epoll ] || dir=$uring
      (cd "$dir" && ./bin/ycsb run redis "${common[@]}" "${args[@]}" -p operationcount=0 \
        -p maxexecutiontime="$RUN" -p warmuptime="$WARMUP" >"$tmp/out" 2>"$tmp/err") || {
        echo "run $c $t failed:" >&2; tail -5 "$tmp/err" >&2; exit 1; }
      printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$c" "$round" "$t" \
        "$(metric "$tmp/out" OVERALL 'Throughput(ops/sec)')" "$(metric "$tmp/out" READ "99thPercentileLatency(us)")" \
        "$(metric "$tmp/out" Intended-READ "99thPercentileLatency(us)")" "$(metric "$tmp/out" CLIENT 'CpuPerOperation(us)')"
    done
  done
done
} | results_tee "$ROUNDS round(s); each run $RUN s measured after $WARMUP s of warm-up"
results_keep transports
