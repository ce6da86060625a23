#!/usr/bin/env bash
# bench/tiered-serving.sh: how the embedded store serves its clients, side by side in one run:
# pmem, memory:data 1:4, Uniform-Read of RECORDS records (default 500,000) of one 100-byte field,
# OPS reads (default 2,000,000) after a 5 s warm-up, on one loaded store, ROUNDS times (default 3)
# in turn:
#   - runner.engine=sync -threads 8: 8 client threads each running its operations in the store;
#   - runner.engine=async -threads 8: 8 logical clients served by the store loops (the default);
#   - runner.engine=sync -threads 2: a thread per core, the scheduler's time slices out of the way.
# Prints per run: throughput, READ average/p99/p99.9 (what the client saw), the store's own service
# time READ-PERSISTENT and READ-DRAM p99.9, STORE-WAIT p99.9 (the queueing, async only) and the
# client's CPU per operation. Compare the configurations within a round (docs/performance.md).
# Usage: bench/tiered-serving.sh   (about 2.5 minutes on 2 cores, built first)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
records="${RECORDS:-500000}"
ops="${OPS:-2000000}"
rounds="${ROUNDS:-3}"
store="$(mktemp -d /dev/shm/tiered-serving-XXXXXX)"
out="$(mktemp -d)"
trap 'rm -rf "$store" "$out"' EXIT
. bench/lib/results.sh
results_start "$(results_env RECORDS OPS ROUNDS)" "$@"
common=(-p "recordcount=$records" -p fieldcount=1 -p fieldlength=100 -p tiered.ratio=1:4 -p tiered.medium=pmem
  -p "tiered.path=$store/pmem")
./bin/ycsb load tiered -P workloads/load "${common[@]}" -threads 8 > "$out/load.txt" 2>&1 || {
  cat "$out/load.txt" >&2; exit 1; }
metrics=("OVERALL Throughput(ops/sec)" "READ AverageLatency(us)" "READ 99thPercentileLatency(us)"
  "READ 99.9PercentileLatency(us)" "READ-PERSISTENT 99.9PercentileLatency(us)"
  "READ-DRAM 99.9PercentileLatency(us)" "STORE-WAIT 99.9PercentileLatency(us)" "CLIENT CpuPerOperation(us)")
{
echo "| round | engine | threads | ops/s | READ avg (us) | READ p99 (us) | READ p99.9 (us) | READ-PERSISTENT p99.9 | READ-DRAM p99.9 | STORE-WAIT p99.9 | CPU/op (us) |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for round in $(seq "$rounds"); do
  for config in "sync 8" "async 8" "sync 2"; do
    read -r engine threads <<< "$config"
    report="$out/$round-$engine-$threads.txt"
    if ! ./bin/ycsb run tiered -P workloads/uniform-read "${common[@]}" -p "operationcount=$ops" -p warmuptime=5 \
        -p "runner.engine=$engine" -threads "$threads" > "$report" 2>&1; then
      cat "$report" >&2; exit 1
    fi
    line="| $round | $engine | $threads"
    for metric in "${metrics[@]}"; do
      read -r section name <<< "$metric"
      value="$(grep -F "[$section], $name, " "$report" | head -1 | awk -F', ' '{print $3}')"
      line="$line | ${value:--}"
    done
    echo "$line |"
  done
done
} | results_tee "$rounds round(s); $ops Uniform-Reads per configuration after 5 s of warm-up"
results_keep tiered-serving
