#!/usr/bin/env bash
# bench/durable-load.sh: this checkout's durable Load against another build's, alternated.
# ROUNDS times (default 3), per medium in MEDIA (default "disk pmem"), this build then OTHER's:
# bin/ycsb load tiered, RECORDS records (default 250,000) of one 100-byte field, 8 threads,
# tiered.sync=always (every acknowledged write durable: the group commit's path), a fresh store
# each time (disk in TMPDIR, pmem in /dev/shm). Prints ops/s, INSERT p99 and the process's CPU
# seconds (user + system) per run. Usage: bench/durable-load.sh OTHER_CHECKOUT (built first).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
other="$(cd "${1:?usage: bench/durable-load.sh OTHER_CHECKOUT}" && pwd)"
records="${RECORDS:-250000}"
work="$(mktemp -d "${TMPDIR:-/tmp}/durable-load-XXXXXX")"
trap 'rm -rf "$work" /dev/shm/durable-load-$$-*' EXIT
. "$root/bench/lib/results.sh"
results_start "$(results_env ROUNDS MEDIA RECORDS)" "$@"
echo "# $(date -u +%FT%TZ) $(nproc) cores; A $(git -C "$root" rev-parse --short HEAD), B $(git -C "$other" rev-parse --short HEAD); $records records"
{
echo "| round | medium | build | ops/s | INSERT p99 (us) | CPU (s) |"
echo "|---|---|---|---:|---:|---:|"
for round in $(seq "${ROUNDS:-3}"); do
  for medium in ${MEDIA:-disk pmem}; do
    for build in A B; do
      dir="$root"; [ "$build" = B ] && dir="$other"
      store="$work/$build-$medium"; [ "$medium" = pmem ] && store="/dev/shm/durable-load-$$-$build"
      /usr/bin/time -f "%U %S" -o "$work/time" "$dir/bin/ycsb" load tiered -P "$dir/workloads/load" \
        -p "recordcount=$records" -p fieldcount=1 -p fieldlength=100 -p "tiered.medium=$medium" \
        -p tiered.sync=always -p tiered.ratio=7:1 -p "tiered.path=$store" -threads 8 > "$work/out.txt" 2>&1
      ops="$(awk -F', ' '/^\[OVERALL\], Throughput\(ops\/sec\)/ {printf "%.0f", $3}' "$work/out.txt")"
      p99="$(awk -F', ' '/^\[INSERT\], 99thPercentileLatency/ {print $3}' "$work/out.txt")"
      cpu="$(awk '{printf "%.1f", $1 + $2}' "$work/time")"
      echo "| $round | $medium | $build | $ops | $p99 | $cpu |"
      rm -rf "$store"
    done
  done
done
} | results_tee "${ROUNDS:-3} round(s); a Load of $records records per build, medium and round"
# an A/B run judges one change: its table stays beside the others of its kind, not in docs/performance.md
RESULTS_DIR="${RESULTS_DIR:-$root/bench/results/ab}" results_keep durable-load
