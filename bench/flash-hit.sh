#!/usr/bin/env bash
# bench/flash-hit.sh: the flash-hit scenario (Redis on Flash: 1 KiB values, RAM a fifth of the
# data, Gaussian keys at 50% and 85% RAM hit, set:get 1:1, 4:1 and 1:4, the highest rate under a
# latency bound) on the embedded store's pmem and disk tiers and on a redis-server (all in RAM,
# the anchor) that it starts on a free loopback port and stops, side by side in one suite run,
# ROUNDS times. Prints each round's "Latency-bound search" table from summary.md; the results
# directories are kept under OUT (default: a fresh temporary directory, printed).
#   ROUNDS=2 RECORDS=100000 WARMUP=3 DURATION=5 SLO='p99<1ms' PRECISION=10 bench/flash-hit.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
ROUNDS=${ROUNDS:-2}
RECORDS=${RECORDS:-100000}
WARMUP=${WARMUP:-3}
DURATION=${DURATION:-5}
SLO=${SLO:-p99<1ms}
PRECISION=${PRECISION:-10}
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"
bench_no_build=1
bench_keep="$OUT"
. "$root/bench/lib/redis-bench.sh"
. "$root/bench/lib/results.sh"
results_start "$(results_env ROUNDS RECORDS WARMUP DURATION SLO PRECISION)" "$@"

echo "# $(date -u +%FT%TZ) $(bench_machine); $(redis-server --version | awk '{print $3}')"
echo "# flash-hit --records $RECORDS --warmup $WARMUP --duration $DURATION --slo '$SLO' --slo-precision $PRECISION; results in $OUT"
{
for round in $(seq "$ROUNDS"); do
  redis-cli -p "$port" flushall >/dev/null
  out="$OUT/round-$round"
  rm -rf /dev/shm/flash-hit-bench-pmem "$OUT/disk-store"
  start=$(date +%s)
  ./bin/ycsb-suite flash-hit \
    --target pmem=tiered,tiered.medium=pmem,tiered.path=/dev/shm/flash-hit-bench-pmem \
    --target disk=tiered,tiered.medium=disk,tiered.path="$OUT/disk-store" \
    --target redis=redis,redis.host=127.0.0.1,redis.port="$port" \
    --records "$RECORDS" --warmup "$WARMUP" --duration "$DURATION" --slo "$SLO" --slo-precision "$PRECISION" \
    --out "$out" >"$OUT/round-$round.log" 2>&1 || { echo "round $round failed:" >&2; tail -20 "$OUT/round-$round.log" >&2; exit 1; }
  echo "## round $round ($(( $(date +%s) - start )) s)"
  awk '/^## Latency-bound search/ {on=1; next} on && /^### / {exit} on && /^\|/ {print}' "$out/summary.md"
done
} | results_tee "$ROUNDS round(s); run phases $DURATION s after $WARMUP s of warm-up"
results_keep flash-hit
rm -rf /dev/shm/flash-hit-bench-pmem "$OUT/disk-store"
