#!/usr/bin/env bash
# bench/disk-device.sh: how near the embedded store's disk tier comes to its device. On one file
# system (DIR, default the java.io.tmpdir the disk tier uses), ROUNDS times (default 3) in turn:
#   - fio: 4 KiB random reads, direct I/O, psync, 8 jobs, RUNTIME seconds (default 20) over a
#     2 GiB file: the device's IOPS and p99 at a queue depth of 8;
#   - bin/ycsb run tiered: disk, memory:data 1:4, Uniform-Read of RECORDS records (default
#     2,000,000) of one FIELD_LENGTH-byte field (default 100; the disk tier reads with direct I/O,
#     so the page cache holds none of it) at -threads 8 for RUNTIME seconds after a 5 s warm-up: the store's device reads per
#     second (the [TIER] DeviceReads over RunTime), its DeviceReadP99, and the ratio to fio's IOPS
#     in the same round.
# The done-when of issue 35 is a ratio of at least 0.8 in every round. Installs fio (Debian) if
# missing. Usage: bench/disk-device.sh   (about 4 minutes on 2 cores, built first)
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
{
echo "| round | fio IOPS | fio p99 (us) | store ops/s | store device reads/s | DeviceReadP99 (us) | reads/s / fio IOPS |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for round in $(seq "$rounds"); do
  fio --name=rand --filename="$work/fio.dat" --size=2g --rw=randread --bs=4k --direct=1 --ioengine=psync \
    --numjobs=8 --group_reporting --time_based --runtime="$runtime" --output-format=json > "$work/fio.json" || exit 1
  read -r iops p99 < <(python3 -c '
import json,sys
j=json.load(open(sys.argv[1]))["jobs"][0]["read"]
print(round(j["iops"]), round(j["clat_ns"]["percentile"]["99.000000"]/1000))' "$work/fio.json")
  report="$work/run-$round.txt"
  if ! ./bin/ycsb run tiered -P workloads/uniform-read "${common[@]}" -p operationcount=0 \
      -p "maxexecutiontime=$((runtime + 5))" -p warmuptime=5 -threads 8 > "$report" 2>&1; then
    cat "$report" >&2; exit 1
  fi
  value() { grep -F "[$1], $2, " "$report" | head -1 | awk -F', ' '{print $3}'; }
  ops="$(value OVERALL 'Throughput(ops/sec)')"
  reads="$(value TIER DeviceReads)"
  millis="$(value OVERALL 'RunTime(ms)')"
  p99dev="$(value TIER 'DeviceReadP99(us)')"
  python3 -c '
import sys
iops, ops, reads, ms, p99dev, fio_p99, r = sys.argv[1:]
rate = float(reads) * 1000 / float(ms)
print(f"| {r} | {int(iops):,} | {fio_p99} | {float(ops):,.0f} | {rate:,.0f} | {float(p99dev):,.0f} | {rate / float(iops):.2f} |")' \
    "$iops" "$ops" "$reads" "$millis" "$p99dev" "$p99" "$round"
done
} | results_tee "$rounds round(s); fio $runtime s, the store $runtime s after 5 s of warm-up, per round"
results_keep disk-device
