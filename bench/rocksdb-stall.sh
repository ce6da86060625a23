#!/usr/bin/env bash
# bench/rocksdb-stall.sh: what a forced RocksDB write stall costs a Load on disk. Two Loads of the
# same records of 1 KiB (4 writers, a timeline row a second): one with RocksDB's defaults, one with a
# 1 MiB write buffer and level-0 triggers of 2 (slow down) and 4 (stop). Prints each Load's
# inserts/s and its stall time (summed over the timeline rows that have the store's figures), the
# share of its rows with stall time, and those rows' inserts/s. tiered-store's StallTimelineIT
# checks that the stall shows in the rows; how much it slows them, and in how many, is this
# machine's figure.
# Usage: bench/rocksdb-stall.sh [records]   (default 150000)
# Environment: DISK_DIR (parent of the stores; default the repository's results/, on the local disk).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
records="${1:-150000}"
disk_parent="${DISK_DIR:-$root/results}"

[ -f runner/target/ycsb-runner.jar ] && [ -f tiered-store/target/ycsb-tiered-store.jar ] \
  && [ -d tiered-store/target/lib ] || mvn -q -B -ntp -DskipTests package

mkdir -p "$disk_parent"
work="$(mktemp -d "$disk_parent/ycsb-bench-stall.XXXXXX")"
trap 'rm -rf "$work"' EXIT

load() {
  local name="$1"; shift
  ./bin/ycsb load tiered -s -P workloads/load -threads 4 -p recordcount="$records" -p fieldcount=1 \
    -p fieldlength=1024 -p tiered.medium=disk -p tiered.path="$work/$name" \
    -p timeline.file="$work/$name-timeline.jsonl" -p timeline.interval=1 "$@" >"$work/$name.txt" 2>"$work/$name.err"
  awk -F', ' -v n="$name" '$1=="[OVERALL]" && $2=="Throughput(ops/sec)" {t=$3}
    END { printf "%s: %.0f inserts/s\n", n, t }' "$work/$name.txt"
  awk '{ ops = 0; stall = -1; iv = 0
         if (match($0, /"operations":[0-9]+/)) ops = substr($0, RSTART + 13, RLENGTH - 13)
         if (match($0, /"interval_s":[0-9.]+/)) iv = substr($0, RSTART + 13, RLENGTH - 13)
         if (match($0, /"StallMicros":[0-9]+/)) stall = substr($0, RSTART + 14, RLENGTH - 14)
         if (stall < 0) next
         rows++; total += stall
         if (stall > 0) { stalled++; sops += ops; siv += iv } }
       END { printf "  %.1f s of stall over the writers; rows with stall time: %d of %d", total / 1e6, stalled, rows
             if (siv > 0) printf ", at %.0f inserts/s", sops / siv
             printf "\n" }' "$work/$name-timeline.jsonl"
}

load plain
load stalled -p tiered.rocksdb.write_buffer_size=1048576 -p tiered.rocksdb.level0_file_num_compaction_trigger=2 \
  -p tiered.rocksdb.level0_slowdown_writes_trigger=2 -p tiered.rocksdb.level0_stop_writes_trigger=4
