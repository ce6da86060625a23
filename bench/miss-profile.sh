#!/usr/bin/env bash
# bench/miss-profile.sh: where a DRAM miss's CPU goes on the disk tier. Loads RECORDS records
# (default 2,000,000) of one 100-byte field at memory:data 1:4, then runs Uniform-Read at 8 clients
# for RUNTIME seconds (default 25, after a 5 s warm-up) once per setting of tiered.io.carry in
# CARRY (default "false true"), and samples each run's JVM with perf (Debian's linux-perf: on-CPU
# samples at 999 Hz with call graphs, PROFILE seconds, default 12, from 8 s in). Prints per
# setting the process's CPU per device read ([CLIENT] CpuTime over [TIER] DeviceReads) and its
# split by where the samples fell, in microseconds per device read; each sample counts once, under
# the first of these its call stack matches:
#   interrupts         hardware and soft interrupts (I/O completions), wherever they landed
#   futex              futex system calls (thread hand-overs, parking) and their context switches
#   pread (kernel)     the read system call and what it runs (direct I/O, the virtio queue, the
#                      context switch while the read waits)
#   RocksDB Get (user) RocksDB's Get without its pread: index and filter, block fetch and checksum,
#                      block cache, parsing, statistics
#   JNI                RocksDB's Java entry beside its Get (the value's byte[])
#   other kernel       the rest of the kernel's: scheduling, page faults, timers
#   Java               JIT-compiled code: the runner, the binding, the store's DRAM tier
#   JVM                the JVM itself (garbage collection, compilation)
#   other              libc, the loader, vDSO (clock reads) and the rest
# Usage: bench/miss-profile.sh   (about 3 minutes, built first; installs linux-perf if missing)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
. "$root/bin/lib/install.sh"
need perf || apt_install linux-perf
records="${RECORDS:-2000000}"
runtime="${RUNTIME:-25}"
profile="${PROFILE:-12}"
work="$(mktemp -d "${TMPDIR:-/tmp}/miss-profile-XXXXXX")"
trap 'rm -rf "$work"' EXIT
. bench/lib/results.sh
results_start "$(results_env RECORDS RUNTIME PROFILE CARRY)" "$@"
common=(-p "recordcount=$records" -p fieldcount=1 -p fieldlength=100 -p tiered.ratio=1:4 -p tiered.medium=disk
  -p "tiered.path=$work/store")
./bin/ycsb load tiered -P workloads/load "${common[@]}" -threads 2 > "$work/load.txt" 2>&1 || {
  cat "$work/load.txt" >&2; exit 1; }
cpu_split() { # perf.data report setting -> one table row of microseconds per device read
  perf script -i "$1" -F period,ip,sym,dso 2>/dev/null > "$work/samples.txt"
  python3 - "$work/samples.txt" "$2" "$3" <<'PY'
import sys
samples, report, carry = sys.argv[1:]
def value(section, name):
    for line in open(report):
        parts = line.strip().split(", ")
        if len(parts) == 3 and parts[0] == section and parts[1] == name:
            return float(parts[2])
    raise SystemExit(f"no {section} {name} in the run's report")
cpu_us = value("[CLIENT]", "CpuTime(ms)") * 1000 / value("[TIER]", "DeviceReads")
order = ["pread (kernel)", "RocksDB Get (user)", "JNI", "futex", "interrupts", "other kernel", "Java", "JVM", "other"]
weight = dict.fromkeys(order, 0.0)
def classify(frames):
    # frames leaf first, each (symbol, dso); a sample counts once, under the first rule that matches
    syms = [f[0] for f in frames]
    if any(x.startswith(("asm_common_interrupt", "asm_sysvec_")) for x in syms):
        return "interrupts"
    if "__x64_sys_futex" in syms:
        return "futex"
    if any(x.startswith(("__libc_pread", "__x64_sys_pread64")) for x in syms):
        return "pread (kernel)"
    if "rocksdb::DBImpl::Get" in syms:
        return "RocksDB Get (user)"
    if any(x.startswith("Java_org_rocksdb_RocksDB_get") for x in syms):
        return "JNI"
    dso = frames[0][1] if frames else ""
    if "kernel.kallsyms" in dso:
        return "other kernel"
    if "libjvm.so" in dso:
        return "JVM"
    if "perf-" in dso or "JIT" in dso or dso == "[unknown]":
        return "Java"
    return "other"
period, frames = 0, []
def flush():
    if period:
        weight[classify(frames)] += period
for line in open(samples):
    if not line.strip():
        flush(); period, frames = 0, []
    elif not line.startswith("\t"):
        flush(); period, frames = int(line.split()[0]), []
    else:
        body = line.strip().split(" ", 1)[1] if " " in line.strip() else ""
        sym, _, dso = body.rpartition(" (")
        frames.append((sym, dso.rstrip(")")))
flush()
total = sum(weight.values()) or 1
print(f"| {carry} | {cpu_us:.1f} | " + " | ".join(f"{weight[k] / total * cpu_us:.1f}" for k in order) + " |")
PY
}
{
echo "| tiered.io.carry | CPU per device read (us) | pread (kernel) | RocksDB Get (user) | JNI | futex | interrupts | other kernel | Java | JVM | other |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for carry in ${CARRY:-false true}; do
  report="$work/run-$carry.txt"
  ./bin/ycsb run tiered -P workloads/uniform-read "${common[@]}" -p operationcount=0 -p "tiered.io.carry=$carry" \
      -p "maxexecutiontime=$((runtime + 5))" -p warmuptime=5 -threads 8 > "$report" 2>&1 &
  ycsb=$!
  sleep 8
  pid="$ycsb" # bin/ycsb execs the JVM
  perf record -F 999 -g -p "$pid" -o "$work/perf-$carry.data" -- sleep "$profile" > /dev/null 2>&1
  if ! wait "$ycsb"; then cat "$report" >&2; exit 1; fi
  cpu_split "$work/perf-$carry.data" "$report" "$carry"
done
} | results_tee "per setting one run of $runtime s after 5 s of warm-up, sampled for $profile s"
results_keep miss-profile
