#!/usr/bin/env bash
# bench/flash-hit-targeting.sh: the DRAM hit ratio flash-hit's Gaussian keys reach on the embedded
# store after a warm-up long enough for its DRAM tier to learn the hot band. flash-hit on pmem and
# disk side by side, RECORDS records of 1 KiB, DRAM a fifth, 50% and 85% hit targets, set:get 1:1,
# 4:1 and 1:4, each run phase WARMUP s of warm-up then DURATION s measured, 8 clients; the latency
# bound is one no run misses, so every search is its unthrottled step. ROUNDS rounds, each a fresh
# suite run (its own Loads). Prints, per round, target, hit target and mix, the measured phase's
# DramHitRatio and the operations of its warm-up and measured parts.
#
# Why a long warm-up: each hit target's first run phase starts from its Load, which leaves the
# Gaussian's cold edge in DRAM, and a frequency ranking learns the flat hot band of the 50% target
# only from reads (bench/dram-policy.sh: exact counts from a phase's start give 0.40 after 200,000
# operations, 0.44 after 640,000). On disk, at about 25,000 ops/s here, the 3 s of bench/flash-hit.sh
# are 75,000 operations. The hit ratio is a function of the operations, so a busy machine (fewer
# operations in the same seconds) lowers it: run it alone.
#   ROUNDS=3 WARMUP=20 bench/flash-hit-targeting.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
ROUNDS=${ROUNDS:-3}
RECORDS=${RECORDS:-100000}
WARMUP=${WARMUP:-20}
DURATION=${DURATION:-5}
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"
[ -f runner/target/ycsb-runner.jar ] || mvn -q -B -ntp -DskipTests package
pmem_dir=$(mktemp -d /dev/shm/flash-hit-targeting.XXXXXX)
trap 'rm -rf "$pmem_dir" "$OUT/disk-store"' EXIT
. bench/lib/results.sh
results_start "$(results_env ROUNDS RECORDS WARMUP DURATION)" "$@"

echo "# $(date -u +%FT%TZ) $(git rev-parse --short HEAD 2>/dev/null); $(nproc) cores"
echo "# flash-hit --records $RECORDS --warmup $WARMUP --duration $DURATION, unthrottled; results in $OUT"
{
echo "| round | target | hit target | set:get | DramHitRatio | warm-up ops | measured ops |"
echo "|---|---|---|---|---:|---:|---:|"
for round in $(seq "$ROUNDS"); do
  out="$OUT/round-$round"
  rm -rf "$pmem_dir/store" "$OUT/disk-store"
  ./bin/ycsb-suite flash-hit \
    --target pmem=tiered,tiered.medium=pmem,tiered.path="$pmem_dir/store" \
    --target disk=tiered,tiered.medium=disk,tiered.path="$OUT/disk-store" \
    --records "$RECORDS" --warmup "$WARMUP" --duration "$DURATION" --slo 'op:p99<3600s' --slo-precision 50 \
    --out "$out" >"$OUT/round-$round.log" 2>&1 || { echo "round $round failed:" >&2; tail -20 "$OUT/round-$round.log" >&2; exit 1; }
  # every run phase's report: raw/TARGET/NN-sNN-50-hit-set-get-1-1-unthrottled.txt
  for report in "$out"/raw/*/*-set-get-*-unthrottled.txt; do
    target=$(basename "$(dirname "$report")")
    name=$(basename "$report" -unthrottled.txt | sed -E 's/^[0-9]+-s[0-9]+-//; s/-hit-set-get-([0-9]+)-([0-9]+)$/% \1:\2/')
    hit=$(awk -F', ' '$1=="[TIER]" && $2=="DramHitRatio" {printf "%.3f", $3}' "$report")
    warm=$(awk -F', ' '$1=="[WARMUP]" && $2=="Operations" {print $3}' "$report")
    ops=$(awk -F', ' '($1=="[READ]" || $1=="[UPDATE]") && $2=="Operations" {n += $3} END {print n}' "$report")
    echo "| $round | $target | ${name% *} | ${name#* } | $hit | ${warm:-0} | $ops |"
  done
done
} | results_tee "$ROUNDS round(s); every run phase $WARMUP s of warm-up, then $DURATION s measured"
results_keep flash-hit-targeting
