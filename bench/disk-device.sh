#!/usr/bin/env bash
# bench/disk-device.sh: how near the embedded store's disk tier comes to its device. On one file
# system (DIR, default the java.io.tmpdir the disk tier uses), ROUNDS times (default 3) in turn:
# After the Load, one unmeasured run of the store (RUNTIME seconds) lets its compactions settle.
#   - fio: 4 KiB random reads, direct I/O, psync, 8 jobs, RUNTIME seconds (default 20) over a
#     2 GiB file: the device's IOPS and p99 at a queue depth of 8;
#   - bin/ycsb run tiered: disk, memory:data 1:4, Uniform-Read of RECORDS records (default
#     2,000,000) of one FIELD_LENGTH-byte field (default 100; the disk tier reads with direct I/O,
#     so the page cache holds none of it) at -threads 8 for RUNTIME seconds after a 5 s warm-up: the store's device reads per
#     second (the [TIER] DeviceReads over RunTime), its DeviceReadP99, and the ratio to fio's IOPS
#     in the same round.
#   - fio again at the store's own average device queue depth (from /proc/diskstats over the store's
#     measured part; that many psync jobs): the fair reference for the store's reads per second;
#   - CPU per read: the store's process user+sys over the measured part ([CLIENT] CpuTime) over its
#     device reads, fio's (user+sys of the fio process, /usr/bin/time) over its reads at 8 jobs.
# Issue 49's done-when: reads/s >= 0.8x fio at the store's depth and CPU per device read <= 2x fio's,
# in every round. Installs fio (Debian) if missing. Usage: bench/disk-device.sh   (about 4 minutes on 2 cores, built first)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
. "$root/bin/lib/install.sh"
need fio || apt_install fio
dir="${DIR:-${TMPDIR:-/tmp}}"
records="${RECORDS:-2000000}"
rounds="${ROUNDS:-3}"
runtime="${RUNTIME:-20}"
field_length="${FIELD_LENGTH:-100}"
work="$(mktemp -d "$dir/disk-device-XXXXXX")"
trap 'rm -rf "$work"' EXIT
. bench/lib/results.sh
results_start "$(results_env DIR RECORDS ROUNDS RUNTIME FIELD_LENGTH)" "$@"
common=(-p "recordcount=$records" -p fieldcount=1 -p "fieldlength=$field_length" -p tiered.ratio=1:4 -p tiered.medium=disk
  -p "tiered.path=$work/store")
./bin/ycsb load tiered -P workloads/load "${common[@]}" -threads 2 > "$work/load.txt" 2>&1 || {
  cat "$work/load.txt" >&2; exit 1; }
fio --name=prepare --filename="$work/fio.dat" --size=2g --rw=write --bs=1m --direct=1 --output=/dev/null
# the store's first open after its Load compacts what the Load left in level 0 (device and CPU
# both): an unmeasured run lets that settle before the rounds, so that round 1 measures reads alone
./bin/ycsb run tiered -P workloads/uniform-read "${common[@]}" -p operationcount=0 -p "maxexecutiontime=$runtime" \
    -threads 8 > "$work/settle.txt" 2>&1 || { cat "$work/settle.txt" >&2; exit 1; }
# the device the tier's file system is on, for its queue depth (/proc/diskstats: the weighted
# milliseconds of I/O over the elapsed milliseconds is the average number of I/Os in flight)
device="$(basename "$(df --output=source "$dir" | tail -1)")"
weighted_ms() { awk -v d="$device" '$3 == d { print $14 }' /proc/diskstats; }
fio_read() { # jobs -> "IOPS p99_us cpu_us_per_read"
  /usr/bin/time -f "%U %S" -o "$work/fio.time" fio --name=rand --filename="$work/fio.dat" --size=2g --rw=randread --bs=4k \
    --direct=1 --ioengine=psync --numjobs="$1" --group_reporting --time_based --runtime="$runtime" \
    --output-format=json > "$work/fio.json" || exit 1
  python3 -c '
import json,sys
j=json.load(open(sys.argv[1]))["jobs"][0]["read"]
u, s = (float(x) for x in open(sys.argv[2]).read().split()[-2:])
reads = j["io_bytes"] / 4096
print(round(j["iops"]), round(j["clat_ns"]["percentile"]["99.000000"]/1000), f"{(u + s) * 1e6 / reads:.1f}")' \
    "$work/fio.json" "$work/fio.time"
}
{
echo "| round | fio IOPS, 8 jobs | fio p99 (us) | fio CPU per read (us) | store ops/s | store device reads/s | DeviceReadP99 (us) | store queue depth | fio IOPS at that depth | reads/s over fio IOPS at that depth | store CPU per device read (us) | store CPU over fio CPU per read |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for round in $(seq "$rounds"); do
  read -r iops p99 fio_cpu < <(fio_read 8)
  report="$work/run-$round.txt"
  ./bin/ycsb run tiered -P workloads/uniform-read "${common[@]}" -p operationcount=0 \
      -p "maxexecutiontime=$((runtime + 5))" -p warmuptime=5 -threads 8 > "$report" 2>&1 &
  ycsb=$!
  # the measured part begins after the JVM's start and the 5 s warm-up: sample from then to the end
  sleep 6; q0="$(weighted_ms)"; t0="$(date +%s%N)"
  if ! wait "$ycsb"; then cat "$report" >&2; exit 1; fi
  q1="$(weighted_ms)"; t1="$(date +%s%N)"
  depth="$(python3 -c 'import sys; print(f"{(int(sys.argv[2]) - int(sys.argv[1])) / ((int(sys.argv[4]) - int(sys.argv[3])) / 1e6):.1f}")' "$q0" "$q1" "$t0" "$t1")"
  jobs="$(python3 -c 'import sys; print(max(1, round(float(sys.argv[1]))))' "$depth")"
  read -r iops_at p99_at cpu_at < <(fio_read "$jobs")
  value() { grep -F "[$1], $2, " "$report" | head -1 | awk -F', ' '{print $3}'; }
  ops="$(value OVERALL 'Throughput(ops/sec)')"
  reads="$(value TIER DeviceReads)"
  millis="$(value OVERALL 'RunTime(ms)')"
  p99dev="$(value TIER 'DeviceReadP99(us)')"
  cpu_ms="$(value CLIENT 'CpuTime(ms)')"
  python3 -c '
import sys
iops, p99, fio_cpu, ops, reads, ms, p99dev, depth, iops_at, cpu_ms, r = sys.argv[1:]
rate = float(reads) * 1000 / float(ms)
store_cpu = float(cpu_ms) * 1000 / float(reads)
print(f"| {r} | {int(iops):,} | {p99} | {fio_cpu} | {float(ops):,.0f} | {rate:,.0f} | {float(p99dev):,.0f} | {depth} | "
      f"{int(iops_at):,} | {rate / float(iops_at):.2f} | {store_cpu:.1f} | {store_cpu / float(fio_cpu):.1f} |")' \
    "$iops" "$p99" "$fio_cpu" "$ops" "$reads" "$millis" "$p99dev" "$depth" "$iops_at" "$cpu_ms" "$round"
done
} | results_tee "$rounds round(s); per round fio $runtime s at 8 jobs, the store $runtime s after 5 s of warm-up, fio $runtime s at the store's queue depth"
# the default size keeps disk-device.md; another size a file of its own (docs/performance.md shows both)
if [ "$records" = 2000000 ]; then results_keep disk-device; else results_keep "disk-device-$records"; fi
