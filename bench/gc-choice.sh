#!/usr/bin/env bash
# bench/gc-choice.sh: the JVM's garbage collector under the embedded store, chosen by measurement
# (issue 35, part 5). The same store (pmem, 500,000 records of one 100-byte field, loaded once per
# ratio) runs Uniform-Read at -threads 8 under each collector in turn, rounds alternated
# (G1 Parallel Serial G1 Parallel Serial ...), so the machine's drift falls on every collector alike.
# Per run: ops/s, READ p99, p99.9, p99.99 and max, the JVM's own count of collections and their
# total time ([TOTAL_GC_TIME]), the longest pause (from -Xlog:gc) and user+sys CPU per operation.
# Then, per collector and ratio, the median over the rounds and each figure's range.
# Usage: bench/gc-choice.sh    (ROUNDS=3 RUN=15 RECORDS=500000 RATIOS="7:1 1:4" GCS="G1 Parallel Serial")
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
[ -f runner/target/ycsb-runner.jar ] || mvn -q -B -ntp -DskipTests package
. bench/lib/results.sh
results_start "$(results_env ROUNDS RUN RECORDS RATIOS GCS)" "$@"
rounds=${ROUNDS:-3}
run=${RUN:-15}
records=${RECORDS:-500000}
ratios=${RATIOS:-"7:1 1:4"}
gcs=${GCS:-"G1 Parallel Serial"}
work="$(mktemp -d /dev/shm/gc-choice-XXXXXX)"
trap 'rm -rf "$work"' EXIT
base=(-p "recordcount=$records" -p fieldcount=1 -p fieldlength=100 -p tiered.medium=pmem)
value() { grep -F "[$2], $3, " "$1" | head -1 | awk -F', ' '{print $3}'; }

echo "# $(date -u +%FT%TZ) $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(java -version 2>&1 | head -1)"
echo "# code $(git rev-parse --short HEAD); pmem, $records records; Uniform-Read -threads 8, ${run} s after a 5 s warm-up; $rounds rounds, collectors alternated"
results="$work/results.tsv"
: > "$results"
for ratio in $ratios; do
  store="$work/store-${ratio/:/-}"
  ./bin/ycsb load tiered -P workloads/load "${base[@]}" -p "tiered.ratio=$ratio" -p "tiered.path=$store" \
    -threads 2 > "$work/load.txt" 2>&1 || { cat "$work/load.txt" >&2; exit 1; }
  for round in $(seq "$rounds"); do
    for gc in $gcs; do
      report="$work/run-$gc.txt"
      gclog="$work/gc-$gc.log"
      JAVA_OPTS="-XX:+Use${gc}GC -Xlog:gc:file=$gclog" /usr/bin/time -f "%U %S" -o "$work/time" \
        ./bin/ycsb run tiered -P workloads/uniform-read "${base[@]}" -p "tiered.ratio=$ratio" \
        -p "tiered.path=$store" -p operationcount=0 -p "maxexecutiontime=$run" -p warmuptime=5 -threads 8 \
        > "$report" 2>&1 || { cat "$report" >&2; exit 1; }
      read -r user sys < "$work/time"
      # -Xlog:gc lines end with the pause's duration, e.g. "Pause Young (Normal) ... 12.345ms"
      longest="$(grep -o 'Pause[^)]*).* \([0-9.]*\)ms$' "$gclog" | grep -o '[0-9.]*ms$' | tr -d ms \
        | sort -g | tail -1)"
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$ratio" "$round" "$gc" \
        "$(value "$report" OVERALL 'Throughput(ops/sec)')" "$(value "$report" READ '99thPercentileLatency(us)')" \
        "$(value "$report" READ '99.9PercentileLatency(us)')" "$(value "$report" READ '99.99PercentileLatency(us)')" \
        "$(value "$report" READ 'MaxLatency(us)')" "$(value "$report" TOTAL_GCs Count)" \
        "$(value "$report" TOTAL_GC_TIME 'Time(ms)')" "${longest:-0}" "$user $sys" \
        "$(value "$report" READ Operations)" | tee -a "$results"
    done
  done
done
python3 - "$results" <<'EOF' | results_tee "$rounds round(s); each run $run s measured after 5 s of warm-up"
import statistics, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
cells = {}
for ratio, rnd, gc, tput, p99, p999, p9999, mx, gcs, gcms, longest, cpu, ops in rows:
    user, sys_ = cpu.split()
    cpu_op = (float(user) + float(sys_)) * 1e6 / float(ops)
    cells.setdefault((ratio, gc), []).append(
        (float(tput), int(p99), int(p999), int(p9999), int(mx), int(gcs), int(gcms), float(longest), cpu_op))
names = ["ops/s", "READ p99", "p99.9", "p99.99", "max (us)", "GCs", "GC ms", "longest pause (ms)", "CPU/op (us)"]
print()
print("| ratio | collector | " + " | ".join(names) + " |")
print("|---|---|" + "---:|" * len(names))
def fmt(values, i):
    med = statistics.median(values)
    lo, hi = min(values), max(values)
    if i in (7, 8):
        return f"{med:,.1f} ({lo:,.1f}-{hi:,.1f})" if i == 7 else f"{med:,.2f} ({lo:,.2f}-{hi:,.2f})"
    return f"{med:,.0f} ({lo:,.0f}-{hi:,.0f})"
for (ratio, gc), runs in sorted(cells.items()):
    cols = [fmt([r[i] for r in runs], i) for i in range(len(names))]
    print(f"| {ratio} | {gc} | " + " | ".join(cols) + " |")
print()
print("median (min-max) over the rounds")
EOF
results_keep gc-choice
