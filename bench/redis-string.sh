#!/usr/bin/env bash
# bench/redis-string.sh: the redis-string binding (bin/ycsb's default client, string group) against redis-benchmark,
# side by side in one run against one redis-server on a free loopback port. For SET (YCSB Load)
# and GET (YCSB Uniform-Read), 100-byte values, at 8 and 32 threads / connections, it prints
# ops/s, p99 and client CPU microseconds per operation of each, and the binding's ratio to
# redis-benchmark -P 1. Client CPU is user+sys of the whole client process: for the JVM that
# includes start-up and JIT warm-up, so the column "cpu_us*" also gives it with the CPU of an
# identical 1-operation run subtracted.
# Usage: bench/redis-string.sh [operations-per-run]   (default 400000)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
ops="${1:-400000}"
records=100000
# GETs read over the keys the last SET run loaded: fewer would make them misses (NOT_FOUND)
[ "$ops" -ge "$records" ] || { echo "bench/$(basename "$0"): operations per run must be at least $records (the GETs' key space)" >&2; exit 2; }
. "$root/bench/lib/redis-bench.sh"

ycsb_common=(-p redis.host=127.0.0.1 -p redis.port="$port" -p redis.command_group=string
             -p fieldcount=1 -p fieldlength=100 -p recordcount="$records")
# YCSB phase: prints "ops/s p99_us cpu_s cpu_s_of_a_1_op_run"
ycsb_run() {
  local kind="$1" threads="$2" name mode file section
  if [ "$kind" = SET ]; then mode=load; file=workloads/load; section=INSERT
  else mode=run; file=workloads/uniform-read; section=READ; fi
  name="ycsb-$kind-$threads"
  local base cpu
  base=$(cpu_of "$name-base" ./bin/ycsb "$mode" redis -P "$file" "${ycsb_common[@]}" \
    -p insertcount=1 -p operationcount=1 -threads 1)
  # Load writes keys 0..ops-1 (wrapping the key space is not possible), so SET uses ops records.
  if [ "$kind" = SET ]; then
    cpu=$(cpu_of "$name" ./bin/ycsb load redis -P "$file" "${ycsb_common[@]}" -p recordcount="$ops" -threads "$threads")
  else
    cpu=$(cpu_of "$name" ./bin/ycsb run redis -P "$file" "${ycsb_common[@]}" -p operationcount="$ops" -threads "$threads")
  fi
  awk -F', ' -v s="[$section]" -v c="$cpu" -v b="$base" '
    $1=="[OVERALL]" && $2=="Throughput(ops/sec)" {t=$3}
    $1==s && $2=="99thPercentileLatency(us)" {p=$3}
    $1==s && $2=="Return=ERROR" {e=$3}
    END { if (e > 0) { print "errors: " e > "/dev/stderr"; exit 1 } print t, p, c, b }' "$tmp/$name.out"
}
# redis-benchmark: prints "ops/s p99_us cpu_s"
rb_run() {
  local kind="$1" clients="$2" name="rb-$1-$2" cpu
  cpu=$(cpu_of "$name" redis-benchmark -h 127.0.0.1 -p "$port" -c "$clients" -n "$ops" -P 1 -d 100 \
    -r "$records" -t "${kind,,}" --csv -q)
  awk -F'","' -v c="$cpu" 'NR==2 {gsub(/"/, "", $0); split($0, f, ","); print f[2], f[7] * 1000, c}' "$tmp/$name.out"
}

# SET runs come first: they leave the keys the GET runs read (YCSB's user* keys 0..ops-1, which
# cover the $records read; redis-benchmark's key:NNN keys within -r $records), all 100-byte values.
printf '%-4s %4s | %12s %8s %7s %7s | %12s %8s %7s | %7s %9s\n' op conn "ycsb ops/s" "p99 us" "cpu_us" "cpu_us*" \
  "r-b ops/s" "p99 us" "cpu_us" "ratio" "cpu ratio"
for kind in SET GET; do
  for threads in 8 32; do
    # command substitution, not < <(...): a failed run must stop the script (set -e)
    row=$(ycsb_run "$kind" "$threads"); read -r y_tput y_p99 y_cpu y_base <<< "$row"
    row=$(rb_run "$kind" "$threads"); read -r r_tput r_p99 r_cpu <<< "$row"
    awk -v k="$kind" -v t="$threads" -v n="$ops" -v yt="$y_tput" -v yp="$y_p99" -v yc="$y_cpu" -v yb="$y_base" \
        -v rt="$r_tput" -v rp="$r_p99" -v rc="$r_cpu" 'BEGIN {
      yu = yc * 1e6 / n; ys = (yc - yb) * 1e6 / n; ru = rc * 1e6 / n;
      printf "%-4s %4d | %12.0f %8d %7.1f %7.1f | %12.0f %8d %7.1f | %7.2f %9.2f\n", k, t, yt, yp, yu, ys, rt, rp, ru, yt / rt, ys / ru }'
  done
done
echo "ops per run: $ops; records: $records; redis-server $(redis-server --version | awk '{print $3}'), client and server on one machine"
echo "machine: $(bench_machine)"
echo "columns: cpu_us = client CPU per op incl. JVM start-up; cpu_us* = without the CPU of a 1-operation run; ratio = ycsb / redis-benchmark ops/s; cpu ratio uses cpu_us*"
