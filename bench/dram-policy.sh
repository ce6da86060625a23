#!/usr/bin/env bash
# bench/dram-policy.sh: the DRAM tier's policy on flash-hit's Gaussian keys, by simulation
# (tiered-store's DramPolicySimulation: the real DramTier and DramKeys, one thread, a fixed seed, no
# store), so the ratios are the policy's alone and the same on any machine, busy or not. Per hit
# target (50%, 85%) and size, a Load, then phases as bin/ycsb-suite flash-hit runs them, each a new
# process that preloads the keys and counts the one before saved:
#   it:    1,500 records, set:get 1:1, 4:1, 1:4, 50,000 operations each (FlashHitEmbeddedIT's shape);
#   disk:  100,000 records, per mix an unthrottled step of 75,000 + 125,000 operations (3 + 5 s at
#          disk's 25,000 ops/s) and six throttled search steps of 10,000 + 15,000;
#   pmem:  100,000 records, per mix 240,000 + 400,000 (3 + 5 s at 80,000 ops/s), three steps of
#          100,000 + 140,000;
#   long:  100,000 records, one phase of 1,000,000 + 4,000,000 (the policy's steady state);
#   exact: an ideal frequency ranking (exact counts from the phase's start) on the first phase of
#          it, disk and pmem, and on long: what no policy learning from a phase's reads outdoes.
# Prints the measured DRAM hit ratio of every phase; in bench/flash-hit.sh the reported one of a mix
# is its first (unthrottled) step. Figures: bench/results/dram-policy.md, shown in docs/performance.md ("DRAM policy").
#   bench/dram-policy.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
[ -f tiered-store/target/test-classes/io/github/ycsbtiers/tiered/store/internal/DramPolicySimulation.class ] \
  || mvn -B -ntp -q -pl tiered-store -am test-compile >&2
sim() { java -cp tiered-store/target/classes:tiered-store/target/test-classes \
  io.github.ycsbtiers.tiered.store.internal.DramPolicySimulation "$@"; }
steps() { # MIX FIRST STEP COUNT: the mix's unthrottled step, then COUNT throttled ones
  local out="$1:$2" i
  for i in $(seq "$4"); do out="$out $1:$3"; done
  echo "$out"
}
. bench/lib/results.sh
results_start "" "$@"
echo "# $(date -u +%FT%TZ) $(git rev-parse --short HEAD); ratios per phase, in order"
{
echo "| case | hit target | DRAM hit ratio per phase, in order |"
echo "|---|---|---|"
for hit in 0.5 0.85; do
  echo "| it | $hit | $(sim 1500 "$hit" 1:1:0:50000 4:1:0:50000 1:4:0:50000 | cut -d: -f2-) |"
  # shellcheck disable=SC2046
  echo "| disk | $hit | $(sim 100000 "$hit" $(steps 1:1 75000:125000 10000:15000 6) $(steps 4:1 75000:125000 10000:15000 6) \
    $(steps 1:4 75000:125000 10000:15000 6) | cut -d: -f2-) |"
  # shellcheck disable=SC2046
  echo "| pmem | $hit | $(sim 100000 "$hit" $(steps 1:1 240000:400000 100000:140000 3) \
    $(steps 4:1 240000:400000 100000:140000 3) $(steps 1:4 240000:400000 100000:140000 3) | cut -d: -f2-) |"
  echo "| long | $hit | $(sim 100000 "$hit" 1:1:1000000:4000000 | cut -d: -f2-) |"
  echo "| exact | $hit | it $(sim exact 1500 "$hit" 1:1:0:50000 | cut -d: -f2-), disk $(sim exact 100000 "$hit" \
    1:1:75000:125000 | cut -d: -f2-), pmem $(sim exact 100000 "$hit" 1:1:240000:400000 | cut -d: -f2-), long $(sim \
    exact 100000 "$hit" 1:1:1000000:4000000 | cut -d: -f2-) |"
done
} | results_tee "the operations of each phase as the command line of each simulation names them"
results_keep dram-policy
