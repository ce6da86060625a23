#!/usr/bin/env bash
# bench/phase-spread.sh: how far one embedded-store phase's figures move from one bin/ycsb process
# to the next, and whether the machine moved with them. One Load (the demo's: RECORDS records of
# 100 bytes on MEDIUM at RATIO, every write durable), then REPEATS times, back to back on that one
# store: bench/MemoryLatency.java (this machine's DRAM latency, core speed and the part of the
# last-level cache left to this process at that moment), then the phase (WORKLOAD, WARMUP s
# warm-up, at least MIN_SECONDS s and MIN_OPERATIONS operations measured, as bin/demo runs it) at
# each thread count in THREADS_LIST, the thread counts taking turns. With OTHER=<checkout> (another
# build of the project: mvn -q -B -ntp -DskipTests package there) each phase runs on this build
# and then on that one, on the same store: whether a slow process is the build's or the moment's.
# Prints one line per phase, then per build and thread count the range of ops/s and of [CLIENT]
# CPU per operation, and the range of the yardstick, each with its max/min.
# Figures: bench/results/phase-spread.md, shown in docs/performance.md ("One phase, process after process").
#   REPEATS=8 bench/phase-spread.sh
#   RATIO=7:1 MIN_OPERATIONS=500000 THREADS_LIST=8 OTHER=/work/other bench/phase-spread.sh
#     (/work/other: another built checkout, e.g. git worktree add /work/other <commit>)
#   env: MEDIUM=pmem RATIO=1:4 WORKLOAD=uniform-read RECORDS=500000 THREADS_LIST="8 2"
#        WARMUP=5 MIN_SECONDS=5 MIN_OPERATIONS=250000 (the names bin/demo takes)
# Nothing else should run meanwhile: the point is the spread this program shows on a quiet machine.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/bench/lib/results.sh"
results_start "$(results_env REPEATS MEDIUM RATIO WORKLOAD RECORDS THREADS_LIST WARMUP MIN_SECONDS MIN_OPERATIONS OTHER)" "$@"
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
builds=("$root")
if [ -n "${OTHER:-}" ]; then
  [ -x "$OTHER/bin/ycsb" ] && [ -f "$OTHER/tiered-store/target/ycsb-tiered-store.jar" ] || {
    echo "bench/phase-spread.sh: OTHER=$OTHER is not a built checkout (run mvn -q -B -ntp -DskipTests package there)" >&2; exit 2; }
  builds+=("$(cd "$OTHER" && pwd)")
fi

base=/tmp
[ "$MEDIUM" = pmem ] && base=/dev/shm
dir=$(mktemp -d "$base/phase-spread.XXXXXX")
trap 'rm -rf "$dir"' EXIT
common=(-p tiered.medium="$MEDIUM" -p tiered.sync=always -p tiered.path="$dir/store" -p tiered.ratio="$RATIO"
  -p fieldcount=1 -p fieldlength=100 -p recordcount="$RECORDS")

echo "# $(date -u +%FT%TZ), commit $(git -C "$root" rev-parse --short HEAD), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "# $MEDIUM $RATIO, $RECORDS records of 100 B, $WORKLOAD: ${WARMUP}s warm-up, at least ${MIN_SECONDS}s and $MIN_OPERATIONS operations measured; threads: $THREADS_LIST"
for b in "${!builds[@]}"; do echo "# build $b: ${builds[$b]} ($(git -C "${builds[$b]}" rev-parse --short HEAD)$(git -C "${builds[$b]}" diff --quiet HEAD -- . 2>/dev/null || echo ', with local changes'))"; done
"$root/bin/ycsb" load tiered -P "$root/workloads/load" "${common[@]}" -threads 8 >/dev/null 2>&1
{
echo "| repeat | build | threads | ops/s | cpu_us_per_op | memory_ns | alu_ns | cache4MiB_ns | cache8MiB_ns | cache16MiB_ns |"
echo "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|"
rows=()
for r in $(seq "$REPEATS"); do
  # "memory M ns per load, alu A ns per step, cache 4MiB C4 ns, 8MiB C8 ns, 16MiB C16 ns"
  yard=$(java "$root/bench/MemoryLatency.java" | tr -d ',' | awk '{print $2, $7, $13, $16, $19}')
  for t in $THREADS_LIST; do
    for b in "${!builds[@]}"; do
      out=$("${builds[$b]}/bin/ycsb" run tiered -P "$root/workloads/$WORKLOAD" "${common[@]}" -p warmuptime="$WARMUP" \
        -p minexecutiontime="$MIN_SECONDS" -p operationcount="$MIN_OPERATIONS" -threads "$t" 2>/dev/null)
      ops=$(awk -F', ' '$1=="[OVERALL]" && $2=="Throughput(ops/sec)" {printf "%.0f", $3}' <<<"$out")
      cpu=$(awk -F', ' '$1=="[CLIENT]" && $2=="CpuPerOperation(us)" {print $3}' <<<"$out")
      row="$r $b $t $ops $cpu $yard"
      echo "| ${row// / | } |"
      rows+=("$row")
    done
  done
done
printf '%s\n' "${rows[@]}" | awk '
  function upd(k, v) { if (!(k in lo) || v < lo[k]) lo[k] = v; if (!(k in hi) || v > hi[k]) hi[k] = v }
  function show(name, k, unit, f) { printf "  %s " f "-" f " %s (%.2f)\n", name, lo[k], hi[k], unit, hi[k] / lo[k] }
  { k = $2 " " $3; upd("ops " k, $4); upd("cpu " k, $5); runs[k] = 1
    upd("mem", $6); upd("alu", $7); upd("c4", $8); upd("c8", $9); upd("c16", $10) }
  END {
    for (k in runs) {
      split(k, bt, " ")
      printf "build %s, threads %s: ops/s %d-%d (max/min %.2f), CPU per operation %.2f-%.2f us (%.2f)\n", bt[1], bt[2],
        lo["ops " k], hi["ops " k], hi["ops " k] / lo["ops " k], lo["cpu " k], hi["cpu " k], hi["cpu " k] / lo["cpu " k]
    }
    print "yardstick (max/min):"
    show("DRAM load", "mem", "ns", "%.1f"); show("multiply-add", "alu", "ns", "%.3f")
    show("4 MiB walk", "c4", "ns", "%.1f"); show("8 MiB walk", "c8", "ns", "%.1f"); show("16 MiB walk", "c16", "ns", "%.1f")
  }'
} | results_tee "$REPEATS repeats per thread count and build; ${WARMUP} s of warm-up, then at least ${MIN_SECONDS} s and $MIN_OPERATIONS operations"
results_keep phase-spread
