#!/usr/bin/env bash
# bench/ab-throttled.sh: this checkout's embedded store under -target against another build's,
# rounds alternated (A B A B ...), each build on a pmem 1:4 store it loaded itself (in /dev/shm).
# Uniform-Read, -threads 8 on the async engine, a 5 s warm-up, then RUN seconds' worth of
# operations at each target (operationcount = target x RUN; "none": closed loop for RUN seconds).
# For each target, round and side: achieved ops/s, the client's CPU per operation ([CLIENT]
# CpuPerOperation(us): the JVM's user+sys over the measured operations, the store's threads
# included), READ p99, Intended-READ p99 (measurement.interval=both) and [TIER] StoreLoopIssued
# (operations issued on the store's loops; "-" where the build does not report it).
# Usage: bench/ab-throttled.sh OTHER_CHECKOUT   (built: mvn -q -B -ntp -DskipTests package there)
#   ROUNDS=2 RUN=10 TARGETS="60000 250000 none" bench/ab-throttled.sh /work/main
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
other="$(cd "${1:?usage: bench/ab-throttled.sh OTHER_CHECKOUT}" && pwd)"
[ -x "$other/bin/ycsb" ] && [ -f "$other/runner/target/ycsb-runner.jar" ] || {
  echo "bench/ab-throttled.sh: $other is not a built checkout (run mvn -q -B -ntp -DskipTests package there)" >&2; exit 2; }
rounds=${ROUNDS:-3}
run=${RUN:-10}
records=${RECORDS:-250000}
targets=${TARGETS:-"60000 150000 250000 none"}
work="$(mktemp -d /dev/shm/ab-throttled-XXXXXX)"
trap 'rm -rf "$work"' EXIT
. "$root/bench/lib/results.sh"
results_start "$(results_env ROUNDS RUN RECORDS TARGETS)" "$@"
base=(-p "recordcount=$records" -p fieldcount=1 -p fieldlength=100 -p tiered.medium=pmem -p tiered.ratio=1:4)
value() { { grep -F "[$2], $3, " "$1" || true; } | head -1 | awk -F', ' '{print $3}'; }

echo "# $(date -u +%FT%TZ) $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); ${run} s per run after a 5 s warm-up, $rounds rounds, $records records"
echo "# A = $root ($(git -C "$root" rev-parse --short HEAD)), B = $other ($(git -C "$other" rev-parse --short HEAD))"
for side in A B; do
  dir="$root"; [ "$side" = B ] && dir="$other"
  "$dir/bin/ycsb" load tiered -P "$root/workloads/load" "${base[@]}" -p "tiered.path=$work/$side" -threads 2 \
    > "$work/load-$side.txt" 2>&1 || { cat "$work/load-$side.txt" >&2; exit 1; }
done
{
echo "| target | round | side | ops/s | CPU/op (us) | READ p99 (us) | Intended-READ p99 (us) | StoreLoopIssued |"
echo "|---|---:|---|---:|---:|---:|---:|---:|"
for t in $targets; do
  for round in $(seq "$rounds"); do
    for side in A B; do
      dir="$root"; [ "$side" = B ] && dir="$other"
      if [ "$t" = none ]; then
        rate=(-p operationcount=0 -p "maxexecutiontime=$run")
      else
        rate=(-target "$t" -p "operationcount=$((t * run))")
      fi
      report="$work/$t-$round-$side.txt"
      "$dir/bin/ycsb" run tiered -P "$root/workloads/uniform-read" "${base[@]}" -p "tiered.path=$work/$side" \
        -p warmuptime=5 -p measurement.interval=both -threads 8 "${rate[@]}" > "$report" 2>&1 || {
        cat "$report" >&2; exit 1; }
      intended="$(value "$report" Intended-READ '99thPercentileLatency(us)')"
      issued="$(value "$report" TIER StoreLoopIssued)"
      printf '| %s | %s | %s | %.0f | %s | %s | %s | %s |\n' "$t" "$round" "$side" \
        "$(value "$report" OVERALL 'Throughput(ops/sec)')" "$(value "$report" CLIENT 'CpuPerOperation(us)')" \
        "$(value "$report" READ '99thPercentileLatency(us)')" "${intended:--}" "${issued:--}"
    done
  done
done
} | results_tee "$rounds round(s); $run s measured (or its operations at the target) after 5 s of warm-up"
# an A/B run judges one change: its table stays beside the others of its kind, not in docs/performance.md
RESULTS_DIR="${RESULTS_DIR:-$root/bench/results/ab}" results_keep ab-throttled
