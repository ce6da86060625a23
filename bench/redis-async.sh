#!/usr/bin/env bash
# bench/redis-async.sh: the redis-string binding's clients and engines against redis-benchmark,
# side by side in one run against one redis-server that it starts on a free loopback port and
# stops. 100-byte values, string group, fieldcount=1:
#   redis-benchmark -P 1 and -P 16, -c 8 and -c 32, SET and GET;
#   Jedis sync, Lettuce sync, Lettuce async: SET (YCSB Load) and GET (Uniform-Read), 8 and 32
#   threads / operations in flight;
#   pipelined Load: Jedis on the async engine with redis.batch=100, Lettuce async, 128 in flight;
#   1 operation in flight: average GET latency of the sync and the async engine (Lettuce).
# For each: ops/s, p99 and client CPU microseconds per operation. Client CPU is user+sys of the
# client process (/usr/bin/time); for the JVM the CPU of an identical 1-operation run (start-up,
# class loading) is subtracted. The JVM's JIT compiler threads, sampled from /proc/<pid>/task
# while it runs, are a warm-up cost that shrinks per operation with longer runs: the column
# "w/o JIT" leaves them out too. Ratios are to redis-benchmark -P 1 with as many connections.
# Usage: bench/redis-async.sh [operations-per-run]   (default 500000)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
ops="${1:-500000}"
records=100000
# GETs read over the keys the last SET run loaded: fewer would make them misses (NOT_FOUND)
[ "$ops" -ge "$records" ] || { echo "bench/$(basename "$0"): operations per run must be at least $records (the GETs' key space)" >&2; exit 2; }
. "$root/bench/lib/redis-bench.sh"

common=(-p redis.host=127.0.0.1 -p redis.port="$port" -p redis.command_group=string
        -p fieldcount=1 -p fieldlength=100 -p recordcount="$records")
declare -A client_args=(
  [jedis-sync]="-p redis.client=jedis -p runner.engine=sync"
  [lettuce-sync]="-p redis.client=lettuce -p runner.engine=sync"
  [lettuce-async]="-p redis.client=lettuce -p runner.engine=async"
  [jedis-batch100]="-p redis.client=jedis -p runner.engine=async -p redis.batch=100"
)
# CPU ticks so far of the JIT compiler threads of process $1.
jit_ticks() {
  cat /proc/"$1"/task/*/stat 2>/dev/null | awk '/CompilerThre/ { s = $0; sub(/^.*\) /, "", s); split(s, f, " ");
    t += f[12] + f[13] } END { print t + 0 }'
}
# Runs bin/ycsb (which execs java) under /usr/bin/time; prints "cpu_s jit_s": user+sys of the
# process and of its JIT compiler threads (last sample, every 0.5 s).
jvm_cpu_of() {
  local name="$1"; shift
  /usr/bin/time -f "%U %S" -o "$tmp/$name.time" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" &
  local timer=$! pid="" ticks=0 t
  while kill -0 "$timer" 2>/dev/null; do
    [ -n "$pid" ] || pid=$(pgrep -P "$timer" | head -1 || true)
    if [ -n "$pid" ]; then t=$(jit_ticks "$pid"); [ "${t:-0}" -gt "$ticks" ] && ticks=$t; fi
    sleep 0.5
  done
  wait "$timer" || { echo "run $name failed:" >&2; tail -5 "$tmp/$name.err" >&2; exit 1; }
  awk -v j="$ticks" -v hz="$(getconf CLK_TCK)" '{print $1 + $2, j / hz}' "$tmp/$name.time"
}
# One YCSB phase: prints "ops/s p99_us avg_us cpu_us_per_op cpu_us_per_op_without_jit" (CPU of a
# 1-operation run subtracted).
ycsb_run() {
  local client="$1" kind="$2" threads="$3" n="$4" mode file section extra name base cpu base_jit jit
  if [ "$kind" = SET ]; then mode=load; file=workloads/load; section=INSERT
  else mode=run; file=workloads/uniform-read; section=READ; fi
  read -r -a extra <<< "${client_args[$client]}"
  name="$client-$kind-$threads"
  read -r base base_jit <<< "$(jvm_cpu_of "$name-base" ./bin/ycsb "$mode" redis -P "$file" "${common[@]}" \
    "${extra[@]}" -p insertcount=1 -p operationcount=1 -threads 1)"
  if [ "$kind" = SET ]; then
    # Load writes keys 0..n-1, so SET uses n records
    read -r cpu jit <<< "$(jvm_cpu_of "$name" ./bin/ycsb load redis -P "$file" "${common[@]}" "${extra[@]}" \
      -p recordcount="$n" -threads "$threads")"
  else
    read -r cpu jit <<< "$(jvm_cpu_of "$name" ./bin/ycsb run redis -P "$file" "${common[@]}" "${extra[@]}" \
      -p operationcount="$n" -threads "$threads")"
  fi
  awk -F', ' -v s="[$section]" -v c="$cpu" -v b="$base" -v n="$n" -v j="$jit" -v bj="$base_jit" '
    $1=="[OVERALL]" && $2=="Throughput(ops/sec)" {t=$3}
    $1==s && $2=="99thPercentileLatency(us)" {p=$3}
    $1==s && $2=="AverageLatency(us)" {a=$3}
    $1==s && $2=="Return=OK" {ok=$3}
    END { if (ok != n) { print "only " ok " of " n " OK" > "/dev/stderr"; exit 1 }
          printf "%.0f %d %.1f %.2f %.2f\n", t, p, a, (c - b) * 1e6 / n, (c - j - b + bj) * 1e6 / n }' "$tmp/$name.out"
}
# redis-benchmark: prints "ops/s p99_us cpu_us_per_op"
rb_run() {
  local kind="$1" clients="$2" pipe="$3" name="rb-$1-$2-$3" cpu n="$ops"
  [ "$pipe" -gt 1 ] && n=$((ops * 4))
  cpu=$(cpu_of "$name" redis-benchmark -h 127.0.0.1 -p "$port" -c "$clients" -n "$n" -P "$pipe" -d 100 \
    -r "$records" -t "${kind,,}" --csv -q)
  awk -F'","' -v c="$cpu" -v n="$n" 'NR==2 {gsub(/"/, "", $0); split($0, f, ","); printf "%.0f %d %.2f\n", f[2], f[7] * 1000, c * 1e6 / n}' \
    "$tmp/$name.out"
}

declare -A rb
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-16s %-4s %4s | %10s %7s %9s %8s | %6s %9s %8s\n' client op n "ops/s" "p99 us" "CPU us/op" "w/o JIT" \
  "ratio" "CPU ratio" "w/o JIT"
for kind in SET GET; do
  for c in 8 32; do
    for p in 1 16; do
      row=$(rb_run "$kind" "$c" "$p"); read -r t p99 cpu <<< "$row"
      rb[$kind-$c-$p]="$t $cpu"
      printf '%-16s %-4s %4d | %10d %7d %9.2f %8s | %6s %9s %8s\n' "redis-bench -P$p" "$kind" "$c" "$t" "$p99" "$cpu" \
        - - - -
    done
    for client in jedis-sync lettuce-sync lettuce-async; do
      row=$(ycsb_run "$client" "$kind" "$c" "$ops"); read -r t p99 avg cpu nojit <<< "$row"
      read -r rt rc <<< "${rb[$kind-$c-1]}"
      awk -v cl="$client" -v k="$kind" -v c="$c" -v t="$t" -v p="$p99" -v u="$cpu" -v v="$nojit" -v rt="$rt" -v rc="$rc" \
        'BEGIN { printf "%-16s %-4s %4d | %10d %7d %9.2f %8.2f | %6.2f %9.2f %8.2f\n", cl, k, c, t, p, u, v, t / rt, u / rc, v / rc }'
    done
  done
done
for client in jedis-batch100 lettuce-async; do
  row=$(ycsb_run "$client" SET 128 "$((ops * 2))"); read -r t p99 avg cpu nojit <<< "$row"
  read -r rt rc <<< "${rb[SET-32-1]}"
  awk -v cl="$client" -v t="$t" -v p="$p99" -v u="$cpu" -v v="$nojit" -v rt="$rt" -v rc="$rc" \
    'BEGIN { printf "%-16s %-4s %4d | %10d %7d %9.2f %8.2f | %6.2f %9.2f %8.2f  (Load; ratios to -P 1 -c 32)\n", cl, "SET", 128, t, p, u, v, t / rt, u / rc, v / rc }'
done
client_args[jedis-async]="-p redis.client=jedis -p runner.engine=async"
for client in jedis lettuce; do
  read -r s_t s_p s_avg s_cpu s_nojit <<< "$(ycsb_run "$client-sync" GET 1 "$((ops / 5))")"
  read -r a_t a_p a_avg a_cpu a_nojit <<< "$(ycsb_run "$client-async" GET 1 "$((ops / 5))")"
  echo "1 in flight, $client GET average latency: sync engine $s_avg us, async engine $a_avg us" \
    "(async/sync $(awk -v a="$a_avg" -v s="$s_avg" 'BEGIN{printf "%.2f", a/s}'))"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "ops per run: $ops (redis-benchmark -P 16: $((ops * 4)); pipelined Load: $((ops * 2)); 1 in flight: $((ops / 5))); records: $records; redis-server $(redis-server --version | awk '{print $3}')"
echo "machine: $(bench_machine)"
