#!/usr/bin/env bash
# bench/curves.sh: capacity curves and the connection ramp against their done-when (issue 36).
#   1. tiers: ROUNDS times (default 3), bin/ycsb-suite tier-ratio --only 1:4/uniform-read --curve on
#      the default targets (pmem and disk, durable), RECORDS records (default 250,000): each target's
#      knee (the first step whose intended p99 exceeds 2 x the lowest step's) and its achieved rate;
#      run phases of at least 100,000 operations and 3 s, as bin/demo's.
#      Expected: disk's knee at a lower throughput than pmem's in every round.
#   2. redis: a redis-server of its own on a free loopback port, GET of 100-byte values
#      (Uniform-Read, REDIS_RECORDS records, default 100,000) from 32 clients: ROUNDS times, one
#      suite run with --curve REDIS_STEPS (default 10,20,...,100: a step every 10% of the saturation
#      rate, so that the highest step meeting a bound is within one step of the bisection's answer)
#      and --slo BOUND (default 'op:p99<3ms', the operations' own p99: here 32 clients' op p99 is
#      1.6 ms at 10% of the saturation rate and 4.3 ms at 100%, so that 1 ms has no step and 3 ms
#      falls inside the curve) in the same run: the curve's highest step meeting the bound against
#      the bisection's answer. Expected: within 20% of each other in at least 2 of the rounds.
#   3. bin/ycsb run redis -threads auto on the same server and data: the ramp's steps, the chosen
#      count, and its throughput over the best of the steps. Expected: at least 0.9.
# Results stay in OUT (default results/curves-<timestamp>). About 25 minutes on 2 cores, built first.
# Usage: bench/curves.sh   (ROUNDS=3 RECORDS=250000 REDIS_RECORDS=100000 BOUND='op:p99<3ms' REDIS_STEPS=10,20,...
#        OUT=dir PARTS="1 2 3")
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
. bench/lib/results.sh
results_start "$(results_env ROUNDS RECORDS REDIS_RECORDS BOUND REDIS_STEPS PARTS OUT)" "$@"
[ -f suite/target/ycsb-suite.jar ] || mvn -q -B -ntp -DskipTests package
rounds=${ROUNDS:-3}
records=${RECORDS:-250000}
redis_records=${REDIS_RECORDS:-100000}
bound="${BOUND:-op:p99<3ms}"
redis_steps="${REDIS_STEPS:-10,20,30,40,50,60,70,80,90,100}"
parts="${PARTS:-1 2 3}"
out="${OUT:-results/curves-$(date -u +%Y%m%d-%H%M%S)}"
mkdir -p "$out"
echo "# $(date -u +%FT%TZ) $(nproc) cores; code $(git rev-parse --short HEAD)"

# knees DIR ROUND: per target, the knee step's achieved rate (or, without a knee, the highest
# step's), then whether disk's is below pmem's
knees() {
  python3 - "$1/curve.json" "$2" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
r = sys.argv[2]
rate, cells = {}, {}
for c in d["curves"]:
    steps = {s["step"]: s for s in c["steps"]}
    if c["knee"] is not None:
        s = steps[c["knee"]]
        cells[c["target"]] = f'{c["knee"]} | {s["achieved"]:.0f} | {s["intended"]["p99"]}'
    else:
        s = max(c["steps"], key=lambda s: s["achieved"] or 0)
        cells[c["target"]] = f'no knee | {s["achieved"]:.0f} | -'
    rate[c["target"]] = s["achieved"]
print(f'| {r} | {cells["pmem"]} | {cells["disk"]} | ' + ("yes" if rate["disk"] < rate["pmem"] else "NO") + " |")
EOF
}

{
if [[ " $parts " == *" 1 "* ]]; then
  echo "## 1. pmem and disk at 1:4, Uniform-Read: where each knee is (without one: the highest step's ops/s)"
  echo "| round | pmem knee | pmem ops/s | pmem intended p99 (us) | disk knee | disk ops/s | disk intended p99 (us) | disk below pmem |"
  echo "|---:|---|---:|---:|---|---:|---:|---|"
  for r in $(seq "$rounds"); do
    dir="$out/tiers-r$r"
    ./bin/ycsb-suite tier-ratio --only 1:4/uniform-read --curve --records "$records" --warmup 3 \
      --min-operations 100000 --min-seconds 3 \
      --out "$dir" > "$dir.log" 2>&1 || { tail -20 "$dir.log" >&2; exit 1; }
    knees "$dir" "$r"
  done
fi

if [[ " $parts " == *" 2 "* || " $parts " == *" 3 "* ]]; then
  # one redis-server on a free loopback port, stopped and removed on exit (sets port)
  . "$root/bench/lib/redis-bench.sh"
  target="redis=redis,redis.host=127.0.0.1,redis.port=$port"
fi

if [[ " $parts " == *" 2 "* ]]; then
  echo "## 2. redis-server, GET of 100 B, 32 clients: the curve's highest step meeting $bound against --slo's answer"
  echo "| round | curve step | curve ops/s | search ops/s | search / curve | within 20% |"
  echo "|---:|---|---:|---:|---:|---|"
  for r in $(seq "$rounds"); do
    dir="$out/redis-r$r"
    ./bin/ycsb-suite tier-ratio --target "$target" --only 1:4/uniform-read --records "$redis_records" \
      --operations 200000 --threads 32 --warmup 3 --curve "$redis_steps" --slo "$bound" --out "$dir" > "$dir.log" 2>&1 \
      || { tail -20 "$dir.log" >&2; exit 1; }
    python3 - "$dir/curve.json" "$dir/search.json" "$r" <<'EOF'
import json, sys
curve = json.load(open(sys.argv[1]))["curves"][0]
search = json.load(open(sys.argv[2]))["searches"][0]
steps = {s["step"]: s for s in curve["steps"]}
met = steps[curve["sloStep"]]["achieved"] if curve.get("sloStep") else None
chosen = search["chosenRate"]
if met and chosen:
    ratio = chosen / met
    print(f'| {sys.argv[3]} | {curve["sloStep"]} | {met:.0f} | {chosen:.0f} | {ratio:.2f} | '
          + ("yes" if 0.8 <= ratio <= 1.2 else "NO") + " |")
else:
    print(f'| {sys.argv[3]} | {curve.get("sloStep")} | - | {chosen} | - | no pair to compare |')
EOF
  done
fi

if [[ " $parts " == *" 3 "* ]]; then
  echo "## 3. bin/ycsb run redis -threads auto: the ramp and its choice"
  # the data of part 2 stays; part 3 alone loads it
  if [[ " $parts " != *" 2 "* ]]; then
    ./bin/ycsb load redis -P workloads/load -p redis.host=127.0.0.1 -p "redis.port=$port" \
      -p "recordcount=$redis_records" -p fieldcount=1 -p fieldlength=100 -threads 8 > "$out/ramp-load.txt" 2>&1
  fi
  ./bin/ycsb run redis -P workloads/uniform-read -p redis.host=127.0.0.1 -p "redis.port=$port" \
    -p "recordcount=$redis_records" -p fieldcount=1 -p fieldlength=100 -p operationcount=500000 \
    -p warmuptime=3 -threads auto > "$out/ramp.txt" 2> "$out/ramp.err"
  grep -E '^-threads auto' "$out/ramp.err" || true
  python3 - "$out/ramp.txt" <<'EOF'
import re, sys
rates, chosen = {}, None
for line in open(sys.argv[1]):
    m = re.match(r'\[RAMP\], Throughput\(ops/sec\)@(\d+), ([\d.]+)', line)
    if m:
        rates[int(m.group(1))] = float(m.group(2))
    m = re.match(r'\[RAMP\], ChosenClients, (\d+)', line)
    if m:
        chosen = int(m.group(1))
best = max(rates.values())
print(f'chosen {chosen} clients: {rates[chosen]:.0f} ops/s in its step; best step {best:.0f} ops/s;'
      f' {rates[chosen] / best:.2f} of the best (at least 0.9: {"yes" if rates[chosen] >= 0.9 * best else "NO"})')
EOF
fi
} | results_tee "$rounds round(s); run phases of at least 100,000 operations and 3 s after 3 s of warm-up"
results_keep curves
