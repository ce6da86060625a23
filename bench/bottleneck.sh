#!/usr/bin/env bash
# bench/bottleneck.sh: each verdict of bin/ycsb's [BOTTLENECK] section in a case built for it,
# and the figures that decided it. Three cases, one after the other:
#   client-bound: redis-server pinned to core 1, bin/ycsb pinned to core 0 (taskset), Uniform-Read
#     of 100-byte values on 256 connections (-threads 256, one operation in flight each) on the
#     sync engine (a thread per connection; on the async engine's loops the client's core served
#     82k ops/s and redis's main thread reached 0.99 of its core first, at 0.95 of the client's): the one
#     core of the client cannot keep up with the server's.
#   server-bound: the same pinning, 32 connections each sending BITCOUNT over one 256 KiB string
#     (the template workload): a command whose work is the server's (a popcount of 256 KiB) and
#     whose reply is one integer, so the server's main thread fills its core long before the
#     client's.
#   device-bound: the embedded store's disk tier (RocksDB, direct reads) at memory:data 1:4,
#     Uniform-Read at -threads 32, unpinned: three reads in four go to the device. Values of
#     DISK_FIELD_LENGTH bytes (default 100, the tier-ratio scenario's). On 2 cores the disk tier
#     reached 0.35-0.42x of its device's IOPS at 100 bytes, bound by CPU (docs/performance.md,
#     bench/disk-device.sh): there the verdict may be server-bound (store-cpu) with device-busy
#     among AlsoReached, which is what limited it. Larger values move the limit to the device's
#     transfer (e.g. DISK_FIELD_LENGTH=16384 DISK_RECORDS=100000: 1.6 GB to load).
# Each run phase warms up for WARMUP seconds (default 10) and measures RUNTIME seconds (default
# 30); the redis cases use RECORDS records (default 1,000,000), the disk case DISK_RECORDS
# (default 2,000,000; its Load takes about 2 minutes on 2 cores). A short check of the script:
#   RUNTIME=3 WARMUP=1 RECORDS=100000 DISK_RECORDS=200000 bench/bottleneck.sh
# (not SECONDS: bash keeps its own). Needs 2 cores, taskset, redis-server, redis-cli and
# redis-benchmark; builds the project if it is not built. The disk case's store goes under DIR
# (default TMPDIR or /tmp): the verdict reads that file system's device in /proc/diskstats.
# CASES (default "client server device") picks the cases to run.
# Prints one line per case and exits 1 when a case's verdict is not the one it was built for
# (on a machine busy with other work, a case can lose the core it was given).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
. bench/lib/results.sh
results_start "$(results_env RUNTIME WARMUP RECORDS DISK_RECORDS DISK_FIELD_LENGTH DIR CASES)" "$@"
runtime="${RUNTIME:-30}"
warmup="${WARMUP:-10}"
records="${RECORDS:-1000000}"
disk_records="${DISK_RECORDS:-2000000}"
disk_field_length="${DISK_FIELD_LENGTH:-100}"
dir="${DIR:-${TMPDIR:-/tmp}}"
cases=" ${CASES:-client server device} "
for c in $cases; do
  case "$c" in client|server|device) ;; *) echo "bench/bottleneck.sh: unknown case '$c' in CASES: allowed client, server, device" >&2; exit 2;; esac
done
has() { [[ "$cases" == *" $1 "* ]]; }
[ "$(nproc)" -ge 2 ] || { echo "bench/bottleneck.sh: needs 2 cores (client and server on one each)" >&2; exit 2; }
command -v taskset >/dev/null || { echo "bench/bottleneck.sh: needs taskset (util-linux)" >&2; exit 2; }
. "$root/bench/lib/redis-bench.sh"
# the server and every thread it has (its background threads too) on core 1
taskset -a -p -c 1 "$server" >/dev/null
client=(taskset -c 0)
redis=(-p redis.host=127.0.0.1 -p redis.port="$port" -p redis.command_group=string -p fieldcount=1 -p fieldlength=100
  -p recordcount="$records")
timed=(-p operationcount=0 -p maxexecutiontime="$runtime" -p warmuptime="$warmup")
store="$(mktemp -d "$dir/bottleneck-XXXXXX")"
trap 'rm -rf "$store"; kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; [ -z "$cleanup_dir" ] || rm -rf "$cleanup_dir"' EXIT
disk=(-p tiered.medium=disk -p tiered.ratio=1:4 -p tiered.path="$store/store" -p fieldcount=1
  -p fieldlength="$disk_field_length" -p recordcount="$disk_records")

run() {
  local name="$1"; shift
  "$@" > "$tmp/$name.txt" 2> "$tmp/$name.err" || { echo "run $name failed:" >&2; tail -5 "$tmp/$name.err" >&2; exit 1; }
}
value() { { grep -F "[$2], $3, " "$tmp/$1.txt" || true; } | head -1 | sed 's/^[^,]*, [^,]*, //'; }
also() { local a; a="$(value "$1" BOTTLENECK AlsoReached)"; [ -z "$a" ] || echo " (also reached: $a)"; }
failed=0
# One line per case: what it was built for, the verdict, ops/s, and the figures the rules compared.
verdict() {
  local name="$1" expected="$2" got
  got="$(value "$name" BOTTLENECK Verdict)"
  printf '| %-13s | %-12s | %-12s | %-13s | %8.0f | %6s | %6s | %6s | %6s | %s |\n' "$name" "$expected" "${got:-none}" \
    "$(value "$name" BOTTLENECK Rule)" "$(value "$name" OVERALL 'Throughput(ops/sec)')" \
    "$(value "$name" BOTTLENECK ClientProcessCores)" "$(value "$name" BOTTLENECK ServerThreadCores)" \
    "$(value "$name" BOTTLENECK DeviceUtilisation)" "$(value "$name" BOTTLENECK DeviceQueue)" \
    "$(value "$name" BOTTLENECK Reason)$(also "$name")"
  [ "$got" = "$expected" ] || failed=$((failed + 1))
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
if has client; then
  run load-redis "${client[@]}" ./bin/ycsb load redis -P workloads/load "${redis[@]}" -threads 32
  run client-bound "${client[@]}" ./bin/ycsb run redis -P workloads/uniform-read "${redis[@]}" "${timed[@]}" -threads 256 \
    -p runner.engine=sync
fi
if has server; then
  redis-cli -p "$port" SETRANGE bottleneck:bits $((256 * 1024 - 1)) x >/dev/null
  run server-bound "${client[@]}" ./bin/ycsb run redis "${redis[@]}" "${timed[@]}" \
    -p workload=io.github.ycsbtiers.runner.workload.template.TemplateWorkload -p templates=bitcount \
    -p "template.bitcount.command=BITCOUNT bottleneck:bits" -threads 32
fi
if has device; then
  run load-disk ./bin/ycsb load tiered -P workloads/load "${disk[@]}" -threads 8
  run device-bound ./bin/ycsb run tiered -P workloads/uniform-read "${disk[@]}" "${timed[@]}" -threads 32
fi
{
printf '| %-13s | %-12s | %-12s | %-13s | %8s | %6s | %6s | %6s | %6s | %s |\n' case "built for" verdict rule "ops/s" \
  client server device queue reason
echo "|---|---|---|---|---:|---:|---:|---:|---:|---|"
if has client; then verdict client-bound client-bound; fi
if has server; then verdict server-bound server-bound; fi
if has device; then verdict device-bound device-bound; fi
} >"$tmp/verdicts.md"
results_tee "$runtime s measured after $warmup s of warm-up per case" <"$tmp/verdicts.md"
results_keep bottleneck
echo "client: the client process's cores ([BOTTLENECK] ClientProcessCores, of 1 core pinned, 2 in the disk case);" \
  "server: the busiest server thread's cores (ServerThreadCores: redis's main thread, the store's busiest loop);" \
  "device: the share of time the store's device was busy (DeviceUtilisation); queue: its mean requests in flight"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "runtime ${runtime} s after a ${warmup} s warm-up; redis records: $records; disk records: $disk_records of" \
  "$disk_field_length bytes;" \
  "redis-server $(redis-server --version | awk '{print $3}'); store on $(df --output=source "$store" | tail -1)"
echo "machine: $(bench_machine)"
[ "$failed" = 0 ] || { echo "bench/bottleneck.sh: $failed case(s) gave another verdict than the one built for" >&2; exit 1; }
