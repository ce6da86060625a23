#!/usr/bin/env bash
# bench/tiered-store.sh: the embedded store against its raw engines, in one run:
#  1. a raw-engine baseline with no YCSB (bench/RawEngines.java: plain single-thread lmdbjava and
#     rocksdbjni loops, 100-byte values, YCSB-like keys): LMDB write-mapped on tmpfs (synced puts,
#     gets), RocksDB on the local disk (synced puts, unsynced puts, gets), LMDB synced on the local
#     disk;
#  2. the white paper's four phases through ./bin/ycsb on the embedded store (binding tiered,
#     -threads 8, tiered.sync=always, fieldcount=1, fieldlength=100): Load, Uniform-Read,
#     Zipfian-Read, Uniform 50/50, on pmem (LMDB on a /dev/shm directory) and disk (RocksDB on a
#     local-disk directory), at memory:data 7:1 and 1:4, a fresh store per medium and ratio;
#     each read phase's p99 also by the tier that served the read (READ-DRAM, READ-PERSISTENT):
#     how much slower a read of the device is than one of DRAM (tiered-store's DeviceReadsIT
#     checks the split, not the figure);
#  3. two checks computed from this run: durable Load (8 threads) on pmem over
#     the raw synced LMDB put rate (target >= 0.5), on disk over the raw synced RocksDB put rate
#     (target >= 4).
# Run-phase operationcount is recordcount at 7:1 and recordcount/32 at 1:4 (the white paper's
# rule), raised to at least MIN_RUN_OPS (default: recordcount/2) so that every run lasts seconds,
# not milliseconds; the output says when it was raised.
# Usage: bench/tiered-store.sh [records]   (default 2000000; about 6 minutes on 2 cores, docs/performance.md)
# Environment: MIN_RUN_OPS, RAW_SECONDS (each raw measurement, default 3), THREADS (default 8),
# DISK_DIR (parent of the disk stores; default the repository's results/, on the local disk).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
records="${1:-2000000}"
min_run_ops="${MIN_RUN_OPS:-$((records / 2))}"
raw_seconds="${RAW_SECONDS:-3}"
threads="${THREADS:-8}"
disk_parent="${DISK_DIR:-$root/results}"

. bench/lib/results.sh
results_start "$(results_env MIN_RUN_OPS RAW_SECONDS THREADS DISK_DIR)" "$@"
[ -f runner/target/ycsb-runner.jar ] && [ -f tiered-store/target/ycsb-tiered-store.jar ] \
  && [ -d tiered-store/target/lib ] || mvn -q -B -ntp -DskipTests package

mkdir -p "$disk_parent"
shm_dir="$(mktemp -d /dev/shm/ycsb-bench-tiered.XXXXXX)"
disk_dir="$(mktemp -d "$disk_parent/ycsb-bench-tiered.XXXXXX")"
out_dir="$(mktemp -d)"
trap 'rm -rf "$shm_dir" "$disk_dir" "$out_dir"' EXIT
if [ "$(stat -f -c %T "$disk_dir")" = tmpfs ]; then
  echo "bench/tiered-store.sh: $disk_dir is on tmpfs; set DISK_DIR to a directory on a disk" >&2; exit 2
fi

cpu_model="$(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo)"
java_version="$(java -version 2>&1 | head -1)"
echo "machine: $(nproc) cores, ${cpu_model:-unknown CPU}, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo); $java_version; $(date -u '+%Y-%m-%d %H:%M UTC'); load average at start $(cut -d' ' -f1-3 /proc/loadavg)"
echo "pmem: $shm_dir ($(stat -f -c %T "$shm_dir")); disk: $disk_dir ($(stat -f -c %T "$disk_dir"), $(df --output=source "$disk_dir" | tail -1))"
echo "records: $records; threads: $threads; tiered.sync=always; fieldcount=1 fieldlength=100"
echo

# 1. raw baseline
java --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED \
  -cp "tiered-store/target/lib/*" bench/RawEngines.java "$shm_dir" "$disk_dir" "$raw_seconds" >"$out_dir/raw.txt"
raw() { awk -v e="$1" -v m="$2" -v o="$3" '$2==e && $3==m && $4==o {print $5}' "$out_dir/raw.txt"; }

# 2. the four phases per medium and ratio; each phase appends one row to rows.txt:
# medium ratio phase operations ops/s p99-per-op hit-ratio
: >"$out_dir/rows.txt"
phase() {
  local medium="$1" ratio="$2" name="$3" mode="$4" file="$5" ops="$6" path="$7"
  local log="$out_dir/$medium-${ratio/:/-}-${name//\//-}.txt"
  if ! ./bin/ycsb "$mode" tiered -s -P "$file" -threads "$threads" \
      -p recordcount="$records" -p operationcount="$ops" -p fieldcount=1 -p fieldlength=100 \
      -p tiered.medium="$medium" -p tiered.path="$path" -p tiered.ratio="$ratio" -p tiered.sync=always \
      >"$log" 2>"$log.err"; then
    echo "bench/tiered-store.sh: $mode $file on $medium $ratio failed:" >&2; tail -5 "$log.err" >&2; exit 1
  fi
  awk -F', ' -v m="$medium" -v r="$ratio" -v p="$name" '
    $1=="[OVERALL]" && $2=="Throughput(ops/sec)" {t=$3}
    $2=="99thPercentileLatency(us)" && ($1=="[INSERT]" || $1=="[READ]" || $1=="[UPDATE]" || $1=="[READ-DRAM]" || $1=="[READ-PERSISTENT]") {
      op=substr($1, 2, length($1) - 2); p99=p99 (p99 == "" ? "" : " ") op "=" $3 }
    $2=="Operations" && ($1=="[INSERT]" || $1=="[READ]" || $1=="[UPDATE]") {n+=$3}
    $2 ~ /^Return=/ && $2 != "Return=OK" && ($1=="[INSERT]" || $1=="[READ]" || $1=="[UPDATE]") {bad+=$3}
    $1=="[TIER]" && $2=="DramHitRatio" {h=$3}
    $1=="[TIER]" && ($2=="DramHits" || $2=="DramMisses") {lookups+=$3}
    END { if (bad > 0) { print "bench/tiered-store.sh: " bad " operations not OK in " p " on " m " " r > "/dev/stderr"; exit 1 }
          printf "%s %s %s %d %.0f %s|%s\n", m, r, p, n, t, p99, (lookups > 0 ? sprintf("%.3f", h) : "-") }' "$log" >>"$out_dir/rows.txt"
}
for medium in pmem disk; do
  for ratio in 7:1 1:4; do
    if [ "$ratio" = 7:1 ]; then ops="$records"; else ops=$((records / 32)); fi
    if [ "$ops" -lt "$min_run_ops" ]; then
      echo "note: $medium $ratio: run-phase operationcount raised from $ops to $min_run_ops (MIN_RUN_OPS) for a run of seconds"
      ops="$min_run_ops"
    fi
    if [ "$medium" = pmem ]; then base="$shm_dir"; else base="$disk_dir"; fi
    path="$base/$medium-${ratio/:/-}"
    phase "$medium" "$ratio" load load workloads/load "$records" "$path"
    phase "$medium" "$ratio" uniform-read run workloads/uniform-read "$ops" "$path"
    phase "$medium" "$ratio" zipfian-read run workloads/zipfian-read "$ops" "$path"
    phase "$medium" "$ratio" uniform-50/50 run workloads/uniform-update5050 "$ops" "$path"
    rm -rf "$path"
  done
done

# 3. tables and checks
{
echo
echo "| medium | ratio | phase | operations | ops/s | p99 us | DRAM hit ratio |"
echo "|---|---|---|---|---|---|---|"
awk -F'|' '{ n = split($1, f, " "); p99 = ""; for (i = 6; i <= n; i++) p99 = p99 (i > 6 ? ", " : "") f[i];
  printf "| %s | %s | %s | %d | %d | %s | %s |\n", f[1], f[2], f[3], f[4], f[5], p99, $2 }' "$out_dir/rows.txt"
echo
echo "raw engines, one thread, ${raw_seconds} s each (bench/RawEngines.java):"
echo "| engine | medium | operation | ops/s |"
echo "|---|---|---|---|"
awk '{printf "| %s | %s | %s | %d |\n", $2, $3, $4, $5}' "$out_dir/raw.txt"
echo
lmdb_put="$(raw lmdb pmem put-sync)"
rocks_put="$(raw rocksdb disk put-sync)"
for ratio in 7:1 1:4; do
  pmem_load="$(awk -v r="$ratio" '$1=="pmem" && $2==r && $3=="load" {print $5}' "$out_dir/rows.txt")"
  disk_load="$(awk -v r="$ratio" '$1=="disk" && $2==r && $3=="load" {print $5}' "$out_dir/rows.txt")"
  awk -v r="$ratio" -v t="$threads" -v pl="$pmem_load" -v lp="$lmdb_put" -v dl="$disk_load" -v rp="$rocks_put" 'BEGIN {
    a = pl / lp; b = dl / rp;
    printf "check %s pmem: durable Load %d threads %d ops/s / raw LMDB synced put %d ops/s = %.2f (target >= 0.5): %s\n", r, t, pl, lp, a, (a >= 0.5 ? "PASS" : "FAIL");
    printf "check %s disk: durable Load %d threads %d ops/s / raw RocksDB synced put %d ops/s = %.2f (target >= 4): %s\n", r, t, dl, rp, b, (b >= 4 ? "PASS" : "FAIL") }'
done
echo "load average at end $(cut -d' ' -f1-3 /proc/loadavg)"
} | results_tee "raw engines $raw_seconds s each; run phases of $records operations at 7:1, at least $min_run_ops at 1:4"
results_keep tiered-store
