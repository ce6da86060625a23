#!/usr/bin/env bash
# bench/phase-spread.sh: how far one embedded-store phase's figures move from one bin/ycsb process
# to the next, and whether the machine moved with them. One Load (the demo's: RECORDS records of
# 100 bytes on MEDIUM at RATIO, every write durable), then REPEATS times, back to back on that one
# store: bench/MemoryLatency.java (this machine's DRAM latency and core speed at that moment),
# then the phase (WORKLOAD, WARMUP s warm-up, at least MIN_SECONDS s and MIN_OPERATIONS operations
# measured, as bin/demo runs it) at each thread count in THREADS_LIST, the thread counts taking
# turns. Prints one line per phase, then per thread count the range of ops/s and of [CLIENT]
# CPU per operation, and the range of the yardstick, each with its max/min.
# Figures: docs/performance.md ("One phase, process after process").
#   REPEATS=8 bench/phase-spread.sh
#   env: MEDIUM=pmem RATIO=1:4 WORKLOAD=uniform-read RECORDS=500000 THREADS_LIST="8 2"
#        WARMUP=5 MIN_SECONDS=5 MIN_OPERATIONS=250000 (the names bin/demo takes)
# Nothing else should run meanwhile: the point is the spread this program shows on a quiet machine.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPEATS=${REPEATS:-8}
MEDIUM=${MEDIUM:-pmem}
RATIO=${RATIO:-1:4}
WORKLOAD=${WORKLOAD:-uniform-read}
RECORDS=${RECORDS:-500000}
THREADS_LIST=${THREADS_LIST:-"8 2"}
WARMUP=${WARMUP:-5}
MIN_SECONDS=${MIN_SECONDS:-5}
MIN_OPERATIONS=${MIN_OPERATIONS:-250000}
for v in REPEATS RECORDS WARMUP MIN_SECONDS MIN_OPERATIONS; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || { echo "bench/phase-spread.sh: $v must be a positive whole number, got '${!v}'" >&2; exit 2; }
done
[ -f "$root/workloads/$WORKLOAD" ] || { echo "bench/phase-spread.sh: WORKLOAD names a file in workloads/, got '$WORKLOAD'" >&2; exit 2; }

base=/tmp
[ "$MEDIUM" = pmem ] && base=/dev/shm
dir=$(mktemp -d "$base/phase-spread.XXXXXX")
trap 'rm -rf "$dir"' EXIT
common=(-p tiered.medium="$MEDIUM" -p tiered.sync=always -p tiered.path="$dir/store" -p tiered.ratio="$RATIO"
  -p fieldcount=1 -p fieldlength=100 -p recordcount="$RECORDS")

echo "# $(date -u +%FT%TZ), commit $(git -C "$root" rev-parse --short HEAD), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "# $MEDIUM $RATIO, $RECORDS records of 100 B, $WORKLOAD: ${WARMUP}s warm-up, at least ${MIN_SECONDS}s and $MIN_OPERATIONS operations measured; threads: $THREADS_LIST"
"$root/bin/ycsb" load tiered -P "$root/workloads/load" "${common[@]}" -threads 8 >/dev/null 2>&1
echo "repeat threads ops/s cpu_us_per_op memory_ns alu_ns"
rows=()
for r in $(seq "$REPEATS"); do
  read -r mem alu < <(java "$root/bench/MemoryLatency.java" | awk '{print $2, $7}')
  for t in $THREADS_LIST; do
    out=$("$root/bin/ycsb" run tiered -P "$root/workloads/$WORKLOAD" "${common[@]}" -p warmuptime="$WARMUP" \
      -p minexecutiontime="$MIN_SECONDS" -p operationcount="$MIN_OPERATIONS" -threads "$t" 2>/dev/null)
    ops=$(awk -F', ' '$1=="[OVERALL]" && $2=="Throughput(ops/sec)" {printf "%.0f", $3}' <<<"$out")
    cpu=$(awk -F', ' '$1=="[CLIENT]" && $2=="CpuPerOperation(us)" {print $3}' <<<"$out")
    row="$r $t $ops $cpu $mem $alu"
    echo "$row"
    rows+=("$row")
  done
done
printf '%s\n' "${rows[@]}" | awk '
  function upd(k, v) { if (!(k in lo) || v < lo[k]) lo[k] = v; if (!(k in hi) || v > hi[k]) hi[k] = v }
  { upd("ops " $2, $3); upd("cpu " $2, $4); upd("mem", $5); upd("alu", $6); threads[$2] = 1 }
  END {
    for (t in threads) {
      printf "threads %s: ops/s %d-%d (max/min %.2f), CPU per operation %.2f-%.2f us (%.2f)\n", t,
        lo["ops " t], hi["ops " t], hi["ops " t] / lo["ops " t], lo["cpu " t], hi["cpu " t], hi["cpu " t] / lo["cpu " t]
    }
    printf "yardstick: memory %.1f-%.1f ns per load (%.2f), alu %.3f-%.3f ns per step (%.2f)\n",
      lo["mem"], hi["mem"], hi["mem"] / lo["mem"], lo["alu"], hi["alu"], hi["alu"] / lo["alu"]
  }'
