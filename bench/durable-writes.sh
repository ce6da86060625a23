#!/usr/bin/env bash
# bench/durable-writes.sh: what the disk tier's durable writes cost against what its file system's
# syncs cost. On one file system (DIR, default the java.io.tmpdir the disk tier uses), ROUNDS times
# (default 3) in turn:
#   - fio: 4 KiB sequential writes, psync, an fsync after each (--fsync=1), one job, RUNTIME
#     seconds (default 10): the file system's syncs per second;
#   - bin/ycsb load tiered, disk, tiered.sync=always (a write returns once its WAL sync did), one
#     field of 100 bytes, a fresh store: with -threads 1 (ONE_RECORDS records, default 50,000) and
#     with -threads 8 (RECORDS, default 250,000). From [TIER]: Syncs, WritesPerSync, SyncsPerSecond.
# Prints per round both Loads' rates, the ratio of 8 writers' rate to one writer's, the writes per
# sync and syncs per second of each, and fio's fsyncs per second.
# Issue 49's done-when: 8 writers >= 4 writes per WAL sync on average, and >= 4x one writer's rate.
# Installs fio (Debian) if missing. Usage: bench/durable-writes.sh   (about 3 minutes, built first)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
. "$root/bin/lib/install.sh"
need fio || apt_install fio
dir="${DIR:-${TMPDIR:-/tmp}}"
rounds="${ROUNDS:-3}"
runtime="${RUNTIME:-10}"
records="${RECORDS:-250000}"
one_records="${ONE_RECORDS:-50000}"
work="$(mktemp -d "$dir/durable-writes-XXXXXX")"
trap 'rm -rf "$work"' EXIT
. bench/lib/results.sh
results_start "$(results_env DIR ROUNDS RUNTIME RECORDS ONE_RECORDS)" "$@"
fio_fsyncs() { # -> fsyncs per second
  fio --name=fsync --filename="$work/fio.dat" --size=256m --rw=write --bs=4k --fsync=1 --ioengine=psync \
    --numjobs=1 --time_based --runtime="$runtime" --output-format=json > "$work/fio.json" || exit 1
  python3 -c 'import json,sys; print(round(json.load(open(sys.argv[1]))["jobs"][0]["write"]["iops"]))' "$work/fio.json"
  rm -f "$work/fio.dat"
}
load() { # threads records -> "ops/s writes_per_sync syncs_per_second"
  rm -rf "$work/store"
  ./bin/ycsb load tiered -P workloads/load -p "recordcount=$2" -p fieldcount=1 -p fieldlength=100 \
    -p tiered.medium=disk -p tiered.sync=always -p tiered.ratio=7:1 -p "tiered.path=$work/store" \
    -threads "$1" > "$work/load.txt" 2>&1 || { cat "$work/load.txt" >&2; exit 1; }
  value() { grep -F "[$1], $2, " "$work/load.txt" | head -1 | awk -F', ' '{print $3}'; }
  echo "$(value OVERALL 'Throughput(ops/sec)') $(value TIER WritesPerSync) $(value TIER SyncsPerSecond)"
}
{
echo "| round | fio fsyncs/s | 1 writer ops/s | its syncs/s | 8 writers ops/s | writes per sync | their syncs/s | 8 writers over 1 |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for round in $(seq "$rounds"); do
  fsyncs="$(fio_fsyncs)"
  read -r one_ops _ one_syncs < <(load 1 "$one_records")
  read -r ops per_sync syncs < <(load 8 "$records")
  python3 -c '
import sys
r, fs, one, one_syncs, ops, per_sync, syncs = sys.argv[1:]
print(f"| {r} | {int(fs):,} | {float(one):,.0f} | {int(one_syncs):,} | {float(ops):,.0f} | {float(per_sync):.2f} | "
      f"{int(syncs):,} | {float(ops) / float(one):.2f} |")' "$round" "$fsyncs" "$one_ops" "$one_syncs" "$ops" "$per_sync" "$syncs"
done
} | results_tee "$rounds round(s); per round fio $runtime s, a Load of $one_records records with 1 writer and of $records with 8"
results_keep durable-writes
