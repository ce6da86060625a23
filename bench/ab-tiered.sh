#!/usr/bin/env bash
# bench/ab-tiered.sh: this checkout's embedded store against another build's, side by side in one
# run, rounds alternated (A B A B ...), each build on a store it loaded itself (in /dev/shm: pmem).
# For each case and round: ops/s, READ p99 and p99.9, READ-PERSISTENT p99.9 (when the build has
# it) and the client's CPU per operation: user+sys of the whole JVM (start, warm-up and run) over
# the run's operations, so that builds that report CPU differently compare alike; both sides carry
# the same start and warm-up, so the ratio holds and the absolute figure is high. Cases (RECORDS records, default
# 500,000, of one 100-byte field; Uniform-Read for RUN seconds, default 20, after a 5 s warm-up):
#   dram-7to1:  tiered.ratio=7:1 (every read a DRAM hit), -threads 8 on both builds;
#   pmem-1to4:  tiered.ratio=1:4, -threads 8 on A and -threads B_THREADS (default 2) on B.
# Usage: bench/ab-tiered.sh OTHER_CHECKOUT   (built: mvn -q -B -ntp -DskipTests package there)
#   ROUNDS=5 CASES=dram-7to1 bench/ab-tiered.sh /work/wt-old
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
other="$(cd "${1:?usage: bench/ab-tiered.sh OTHER_CHECKOUT}" && pwd)"
[ -x "$other/bin/ycsb" ] && [ -f "$other/runner/target/ycsb-runner.jar" ] || {
  echo "bench/ab-tiered.sh: $other is not a built checkout (run mvn -q -B -ntp -DskipTests package there)" >&2; exit 2; }
rounds=${ROUNDS:-5}
run=${RUN:-20}
records=${RECORDS:-500000}
cases=${CASES:-"dram-7to1 pmem-1to4"}
b_threads=${B_THREADS:-2}
work="$(mktemp -d /dev/shm/ab-tiered-XXXXXX)"
trap 'rm -rf "$work"' EXIT
. "$root/bench/lib/results.sh"
results_start "$(results_env ROUNDS RUN RECORDS CASES B_THREADS)" "$@"
base=(-p "recordcount=$records" -p fieldcount=1 -p fieldlength=100 -p tiered.medium=pmem)

ratio_of() { case "$1" in dram-7to1) echo 7:1 ;; pmem-1to4) echo 1:4 ;; *) echo "unknown case $1" >&2; exit 2 ;; esac; }
value() { grep -F "[$2], $3, " "$1" | head -1 | awk -F', ' '{print $3}'; }

echo "# $(date -u +%FT%TZ) $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo); ${run} s per run after a 5 s warm-up, $rounds rounds, $records records"
echo "# A = $root ($(git -C "$root" rev-parse --short HEAD)), B = $other ($(git -C "$other" rev-parse --short HEAD))"
{
for c in $cases; do
  ratio="$(ratio_of "$c")"
  for side in A B; do
    dir="$root"; [ "$side" = B ] && dir="$other"
    "$dir/bin/ycsb" load tiered -P "$root/workloads/load" "${base[@]}" -p "tiered.ratio=$ratio" \
      -p "tiered.path=$work/$c-$side" -threads 2 > "$work/load-$c-$side.txt" 2>&1 || {
      cat "$work/load-$c-$side.txt" >&2; exit 1; }
  done
  echo
  echo "| case | round | side | threads | ops/s | READ p99 (us) | READ p99.9 (us) | READ-PERSISTENT p99.9 (us) | CPU/op (us) |"
  echo "|---|---:|---|---:|---:|---:|---:|---:|---:|"
  for round in $(seq "$rounds"); do
    for side in A B; do
      dir="$root"; threads=8
      [ "$side" = B ] && { dir="$other"; [ "$c" = pmem-1to4 ] && threads="$b_threads"; }
      report="$work/$c-$round-$side.txt"
      /usr/bin/time -f "%U %S" -o "$work/time" "$dir/bin/ycsb" run tiered -P "$root/workloads/uniform-read" \
        "${base[@]}" -p "tiered.ratio=$ratio" -p "tiered.path=$work/$c-$side" -p operationcount=0 \
        -p "maxexecutiontime=$run" -p warmuptime=5 -threads "$threads" > "$report" 2>&1 || {
        cat "$report" >&2; exit 1; }
      read -r user sys < "$work/time"
      ops="$(value "$report" READ Operations)"
      python3 -c '
import sys
c, r, s, t, tput, p99, p999, pp, user, sys_, ops = sys.argv[1:]
cpu = (float(user) + float(sys_)) * 1e6 / float(ops)
pp = pp or "-"
print(f"| {c} | {r} | {s} | {t} | {float(tput):,.0f} | {p99} | {p999} | {pp} | {cpu:.2f} |")' \
        "$c" "$round" "$side" "$threads" "$(value "$report" OVERALL 'Throughput(ops/sec)')" \
        "$(value "$report" READ '99thPercentileLatency(us)')" "$(value "$report" READ '99.9PercentileLatency(us)')" \
        "$(value "$report" READ-PERSISTENT '99.9PercentileLatency(us)')" "$user" "$sys" "$ops"
    done
  done
done
} | results_tee "$rounds round(s); Uniform-Read for $run s after a 5 s warm-up per build and round"
# an A/B run judges one change: its table stays beside the others of its kind, not in docs/performance.md
RESULTS_DIR="${RESULTS_DIR:-$root/bench/results/ab}" results_keep ab-tiered
