#!/usr/bin/env bash
# bench/runner-overhead.sh: how much the client itself costs. Runs this project's client and
# upstream YCSB 0.17's site.ycsb.Client side by side, in one run, on upstream's BasicDB (which
# does nothing), for Load and Uniform-Read at 1 and 8 threads, and prints ops/s and client CPU
# microseconds per operation (user+sys of the whole JVM, start-up included) with their ratio.
# Usage: bench/runner-overhead.sh [seconds-per-run]   (default 10)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
secs="${1:-10}"
[ -f runner/target/ycsb-runner.jar ] || mvn -q -B -ntp -DskipTests package
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
. bench/lib/results.sh
results_start "" "$@"

# One measured run: prints "ops cpu_seconds". $1 = output name, rest = command.
measure() {
  local name="$1"; shift
  /usr/bin/time -f "%U %S" -o "$tmp/$name.time" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" || {
    echo "run $name failed:" >&2; cat "$tmp/$name.err" >&2; exit 1; }
  local ops cpu
  ops=$(awk -F', ' '($1=="[INSERT]" || $1=="[READ]") && $2=="Operations" {s+=$3} END {print s+0}' "$tmp/$name.out")
  cpu=$(awk '{print $1 + $2}' "$tmp/$name.time")
  echo "$ops $cpu"
}

common=(-p recordcount=2000000000 -p operationcount=2000000000
        -p maxexecutiontime="$secs" -p basicdb.verbose=false)
{
printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' phase threads "ops/s(ours)" "ops/s(0.17)" ratio \
  "cpu_us(ours)" "cpu_us(0.17)" ratio
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for phase in load uniform-read; do
  if [ "$phase" = load ]; then mode=-load; file=workloads/load; else mode=-t; file=workloads/uniform-read; fi
  for threads in 1 8; do
    read -r ops_o cpu_o < <(measure "ours-$phase-$threads" ./bin/ycsb -db site.ycsb.BasicDB "$mode" \
      -P "$file" "${common[@]}" -threads "$threads")
    read -r ops_u cpu_u < <(measure "upstream-$phase-$threads" java -cp "runner/target/lib/*" site.ycsb.Client \
      -db site.ycsb.BasicDB "$mode" -P "$file" "${common[@]}" -threads "$threads")
    awk -v p="$phase" -v t="$threads" -v s="$secs" -v oo="$ops_o" -v co="$cpu_o" -v ou="$ops_u" -v cu="$cpu_u" \
      'BEGIN { ro = oo / s; ru = ou / s; uo = co * 1e6 / oo; uu = cu * 1e6 / ou;
               printf "| %s | %d | %.0f | %.0f | %.2f | %.2f | %.2f | %.2f |\n", p, t, ro, ru, ro / ru, uo, uu, uo / uu }'
  done
done
} | results_tee "$secs s per run"
results_keep runner-overhead
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(java -version 2>&1 | head -1)"
