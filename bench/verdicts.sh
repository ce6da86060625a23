#!/usr/bin/env bash
# bench/verdicts.sh: do the suite's verdicts say "different" only when something is (issue 38)?
#   1. A/A: tier-ratio on two identical targets (both pmem), ROUNDS rounds (default 5), twice:
#      how many of the 8 throughput cells (2 ratios x Load and 3 run phases) each run's pmem-a /
#      pmem-b ratio marks different (its 95% interval excludes 1). Expected: at most 1 in each.
#   2. compare on the two A/A directories: how many throughput cells it calls significant.
#      Expected: at most 1 of 8.
#   3. A real change: tier-ratio on one disk target with tiered.sync=always, then with
#      tiered.sync=none (3 rounds each), and compare: the Loads must be significant and faster
#      with sync=none (on disk every acknowledged write waits for RocksDB's WAL fsync; on pmem an
#      msync of tmpfs costs so little that the Loads differed by -1% and +22%, not significantly).
# The runs are smaller than bin/demo's (RECORDS records, default 200,000; 2 s phases after a 1 s
# warm-up) so that the whole takes about 20 minutes on 2 cores; the results directories stay in
# OUT (default results/verdicts-<timestamp>).
# Usage: bench/verdicts.sh   (ROUNDS=5 RECORDS=200000 OUT=dir; SKIP_AA=1 runs part 3 alone)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
[ -f suite/target/ycsb-suite.jar ] || mvn -q -B -ntp -DskipTests package
. bench/lib/results.sh
results_start "$(results_env ROUNDS RECORDS OUT SKIP_AA)" "$@"
rounds=${ROUNDS:-5}
records=${RECORDS:-200000}
out="${OUT:-results/verdicts-$(date -u +%Y%m%d-%H%M%S)}"
mkdir -p "$out"
small=(--records "$records" --min-seconds 2 --min-operations 50000 --warmup 1)
pmem="tiered,tiered.medium=pmem,tiered.sync=always"

echo "# $(date -u +%FT%TZ) $(nproc) cores; code $(git rev-parse --short HEAD); $records records, 2 s phases after a 1 s warm-up"
aa() {
  ./bin/ycsb-suite tier-ratio --target "pmem-a=$pmem" --target "pmem-b=$pmem" --rounds "$rounds" --reload \
    "${small[@]}" --out "$1" > "$1.log" 2>&1 || { tail -20 "$1.log" >&2; exit 1; }
}
different() {
  python3 - "$1/summary.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
cells = [r for r in d["ratios"] if r.get("pairs", 0) >= 3]
diff = [r for r in cells if r.get("different")]
print("| group | phase | ratio (interval) | verdict |")
print("|---|---|---|---|")
for r in cells:
    mark = "different" if r.get("different") else "~"
    interval = "" if r.get("low") is None else f" ({r['low']:.3f}-{r['high']:.3f})"
    print(f"| {r['group']} | {r['phase']} | {r['geomean']:.3f}{interval} | {mark} |")
print()
print(f"  {len(diff)} of {len(cells)} throughput ratios marked different")
EOF
}
significant() {
  python3 - "$1" "$2" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
rows = [c for c in d["cells"] if c["figure"] == "throughput"]
targets = sorted({c["target"] for c in rows})
print("| target | group | phase | old | new | change | p | verdict |")
print("|---|---|---|---:|---:|---:|---:|---|")
for c in rows:
    change = "-" if c["changePercent"] is None else f"{c['changePercent']:+.1f}%"
    mark = "significant" if c["significant"] else "~"
    p = "-" if c["p"] is None else format(c["p"], ".3f")
    print(f"| {c['target']} | {c['group']} | {c['phase']} | {c['old']:,.0f} | {c['new']:,.0f} | {change} | {p} | {mark} |")
print()
for target in targets:
    mine = [c for c in rows if c["target"] == target]
    sig = sum(1 for c in mine if c["significant"])
    print(f"  {target}: {sig} of {len(mine)} throughput cells significant ({sys.argv[2]})")
EOF
}

{
for i in $([ "${SKIP_AA:-0}" = 1 ] || echo 1 2); do
  echo "A/A run $i: pmem-a / pmem-b, $rounds rounds"
  aa "$out/aa-$i"
  different "$out/aa-$i"
done
if [ "${SKIP_AA:-0}" != 1 ]; then
  echo "compare aa-1 aa-2"
  ./bin/ycsb-suite compare "$out/aa-1" "$out/aa-2" --json "$out/compare-aa.json" > "$out/compare-aa.md"
  significant "$out/compare-aa.json" "expected: at most 1"
fi

for sync in always none; do
  ./bin/ycsb-suite tier-ratio --target "disk=tiered,tiered.medium=disk,tiered.sync=$sync" --rounds 3 --reload \
    "${small[@]}" --out "$out/sync-$sync" > "$out/sync-$sync.log" 2>&1 || { tail -20 "$out/sync-$sync.log" >&2; exit 1; }
done
echo "compare sync=always (old) against sync=none (new)"
./bin/ycsb-suite compare "$out/sync-always" "$out/sync-none" --json "$out/compare-sync.json" > "$out/compare-sync.md"
significant "$out/compare-sync.json" "expected: the Loads, faster"
} | results_tee "2 s phases after a 1 s warm-up; A/A $rounds rounds, the disk part 3 rounds"
results_keep verdicts
echo "results: $out"
