#!/usr/bin/env bash
# bench/ab-builds.sh: this checkout's client against another build of the project, side by side
# in one run against one redis-server (started on a free loopback port, stopped at exit), rounds
# alternated (A B A B ...), to see whether a change moved the client's throughput or CPU. For each
# case: ops/s and client CPU microseconds per operation (user+sys of the whole JVM) per round.
# Cases (each RUN seconds, 100,000 records of one 100-byte field, string group):
#   lettuce-async-get: Lettuce on the async engine, Uniform-Read, 32 in flight;
#   jedis-sync-get:    Jedis on the sync engine, Uniform-Read, 8 threads;
#   bitmap-async:      the bitmap-setbit command template, Lettuce async, 32 in flight;
#   bitmap-sync:       the same on Jedis and the sync engine, 8 threads.
# Usage: bench/ab-builds.sh OTHER_CHECKOUT   (built: mvn -q -B -ntp -DskipTests package there)
#   ROUNDS=3 RUN=10 CASES="lettuce-async-get bitmap-async" bench/ab-builds.sh /work/wt-old
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
other="$(cd "${1:?usage: bench/ab-builds.sh OTHER_CHECKOUT}" && pwd)"
[ -x "$other/bin/ycsb" ] && [ -f "$other/runner/target/ycsb-runner.jar" ] || {
  echo "bench/ab-builds.sh: $other is not a built checkout (run mvn -q -B -ntp -DskipTests package there)" >&2; exit 2; }
ROUNDS=${ROUNDS:-3}
RUN=${RUN:-10}
CASES=${CASES:-"lettuce-async-get jedis-sync-get bitmap-async bitmap-sync"}
bench_no_build=1
. "$root/bench/lib/redis-bench.sh"

common=(-p redis.host=127.0.0.1 -p redis.port="$port" -p redis.command_group=string -p recordcount=100000
  -p fieldcount=1 -p fieldlength=100)
case_args() { # case -> the arguments of its run phase
  case "$1" in
    lettuce-async-get) echo "-P workloads/uniform-read -p redis.client=lettuce -p runner.engine=async -threads 32" ;;
    jedis-sync-get) echo "-P workloads/uniform-read -p redis.client=jedis -p runner.engine=sync -threads 8" ;;
    bitmap-async) echo "-P workloads/bitmap-setbit -p redis.client=lettuce -p runner.engine=async -threads 32" ;;
    bitmap-sync) echo "-P workloads/bitmap-setbit -p redis.client=jedis -p runner.engine=sync -threads 8" ;;
    *) echo "bench/ab-builds.sh: unknown case $1" >&2; exit 2 ;;
  esac
}

"$root/bin/ycsb" load redis -P workloads/load "${common[@]}" -p redis.client=lettuce -threads 8 >/dev/null 2>&1

echo "# $(date -u +%FT%TZ) $(bench_machine); $(redis-server --version | awk '{print $3}'); ${RUN}s per run, $ROUNDS rounds"
echo "# A = $root ($(git -C "$root" rev-parse --short HEAD)), B = $other ($(git -C "$other" rev-parse --short HEAD))"
printf '%-18s %-5s %-2s %12s %12s\n' case round ab "ops/s" "cpu us/op"
for c in $CASES; do
  read -r -a args <<<"$(case_args "$c")"
  for round in $(seq "$ROUNDS"); do
    for ab in A B; do
      dir=$root; [ "$ab" = A ] || dir=$other
      (cd "$dir" && /usr/bin/time -f "%U %S" -o "$tmp/time" ./bin/ycsb run redis "${args[@]}" "${common[@]}" \
        -p operationcount=0 -p maxexecutiontime="$RUN" >"$tmp/out" 2>"$tmp/err") || {
        echo "run $c $ab failed:" >&2; tail -5 "$tmp/err" >&2; exit 1; }
      ops=$(awk -F', ' '$1=="[OVERALL]" && $2=="Throughput(ops/sec)" {printf "%.0f", $3}' "$tmp/out")
      runtime=$(awk -F', ' '$1=="[OVERALL]" && $2=="RunTime(ms)" {print $3}' "$tmp/out")
      cpu=$(awk '{print $1 + $2}' "$tmp/time")
      n=$(awk -v r="$ops" -v t="$runtime" 'BEGIN {printf "%.0f", r * t / 1000}')
      us=$(awk -v c="$cpu" -v n="$n" 'BEGIN {printf "%.1f", (n > 0) ? c * 1e6 / n : 0}')
      printf '%-18s %-5s %-2s %12s %12s\n' "$c" "$round" "$ab" "$ops" "$us"
    done
  done
done
