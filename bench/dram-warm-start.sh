#!/usr/bin/env bash
# bench/dram-warm-start.sh: the embedded store's DRAM hit ratio per phase, when each phase's DRAM
# tier starts from key order (tiered.warmup=keyorder) or from the keys the previous phase left
# (tiered.warmup=saved). flash-hit's key pattern: RECORDS records of 1 KiB, DRAM a fifth of the
# data, Gaussian with 85% of requests on the middle 20% of the keys, set:get 1:1, 2 threads, pmem.
# Per round and mode: a Load, one unthrottled phase (WARM s warm-up, RUN s measured), then one
# phase per rate in RATES (WARM s warm-up at that rate, RUN s measured), as a latency-bound
# search runs its steps. Prints each phase's DramHitRatio. The hit ratio does not depend on
# timing, so this may run beside other work. Figures: bench/results/dram-warm-start.md, shown in docs/performance.md ("DRAM warm start").
#   ROUNDS=3 bench/dram-warm-start.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROUNDS=${ROUNDS:-3}
RECORDS=${RECORDS:-20000}
WARM=${WARM:-2}
RUN=${RUN:-3}
RATES=${RATES:-"4000 1000 250"}
HIT=${HIT:-0.85}

dir=$(mktemp -d /dev/shm/dram-warm-start.XXXXXX)
trap 'rm -rf "$dir"' EXIT
. "$root/bench/lib/results.sh"
results_start "$(results_env ROUNDS RECORDS WARM RUN RATES HIT)" "$@"
common=(-p tiered.medium=pmem -p tiered.path="$dir/store" -p tiered.ratio=1:5 -p recordcount="$RECORDS"
  -p fieldcount=1 -p fieldlength=1024 -threads 2)
run=(-P "$root/workloads/workloada" -p readproportion=0.5 -p updateproportion=0.5 -p requestdistribution=gaussian
  -p gaussian.hitratio="$HIT" -p gaussian.hotshare=0.2 -p operationcount=0 -p maxexecutiontime="$RUN"
  -p warmuptime="$WARM")

hit() { # extra ycsb arguments...
  "$root/bin/ycsb" run tiered "${run[@]}" "${common[@]}" "$@" 2>/dev/null \
    | awk -F', ' '$1=="[TIER]" && $2=="DramHitRatio" {printf "%.3f", $3}'
}

echo "# $(date -u +%FT%TZ) $(nproc) cores; $RECORDS records of 1 KiB, tiered.ratio=1:5, gaussian.hitratio=$HIT, set:get 1:1, ${WARM}s warm-up + ${RUN}s per phase"
{
echo "| round | mode | unthrottled |$(for r in $RATES; do printf ' %s/s |' "$r"; done)"
echo "|---|---|---:|$(for r in $RATES; do printf -- '---:|'; done)"
for round in $(seq "$ROUNDS"); do
  for mode in keyorder saved; do
    rm -rf "$dir/store"
    "$root/bin/ycsb" load tiered -P "$root/workloads/load" "${common[@]}" >/dev/null 2>&1
    line="| $round | $mode | $(hit -p tiered.warmup="$mode")"
    for rate in $RATES; do
      line="$line | $(hit -p tiered.warmup="$mode" -target "$rate")"
    done
    echo "$line |"
  done
done
} | results_tee "$ROUNDS round(s); each phase $WARM s of warm-up, then $RUN s measured"
results_keep dram-warm-start
