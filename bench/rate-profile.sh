#!/usr/bin/env bash
# bench/rate-profile.sh: rate profiles against their done-when (issue 48), on a redis-server of its
# own (free loopback port), GET of 100-byte values (Uniform-Read, RECORDS records, default 100,000)
# from THREADS clients (default 32):
#   1. one bin/ycsb-suite run: --curve STEPS (default 10,20,...,100: the closed-loop saturation
#      run measures the capacity, then a -target step every 10% of it) and --profile "constant 10%
#      WARM_SECONDS s, ramp 10% 150% RAMP_SECONDS s" (defaults 10 and 60): the ramp from 10% to 150%
#      of that capacity right after the curve, after WARM_SECONDS at 10% in which the new JVM
#      compiles its code (a profiled phase has no warm-up; those seconds are left out below).
#      Per second of the ramp: offered, achieved, their deviation, intended p99, late operations.
#      Expected: the median |achieved - offered| / offered over the seconds offered below the
#      capacity within 5%; past it, late operations counted and the intended p99 growing; the
#      knee read from the ramp (the suite's 'Capacity from a ramp') within one step (10% of the
#      capacity) of the curve's knee.
#   2. bin/ycsb run redis under "constant 50% WARM_SECONDS s, sine 50% 30% PERIOD SINE_SECONDS" (of
#      the capacity of part 1: between 20% and 80% of it; PERIOD default SINE_SECONDS / 3), a
#      timeline row a second, the warm seconds left out.
#      Expected: every second's achieved within 5% of its offered (and the median).
# Results stay in OUT (default results/rate-profile-<timestamp>). About 5 minutes on 2 cores with the
# defaults, built first (an estimate from its parts, not a measured run). A smoke test of the script
# itself, in about a minute (its figures mean nothing):
#   WARM_SECONDS=2 RAMP_SECONDS=6 SINE_SECONDS=4 RECORDS=2000 THREADS=4 STEPS=50,100 OPERATIONS=20000 \
#     RESULTS_DIR=/tmp/rate-profile bench/rate-profile.sh
# Usage: bench/rate-profile.sh   (WARM_SECONDS=10 RAMP_SECONDS=60 SINE_SECONDS=60 PERIOD=20 RECORDS=100000 THREADS=32
#        STEPS=10,20,...,100 OPERATIONS=200000 OUT=dir RESULTS_DIR=dir)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
. bench/lib/results.sh
results_start "$(results_env WARM_SECONDS RAMP_SECONDS SINE_SECONDS PERIOD RECORDS THREADS STEPS OPERATIONS OUT)" "$@"
[ -f suite/target/ycsb-suite.jar ] || mvn -q -B -ntp -DskipTests package
warm_seconds=${WARM_SECONDS:-10}
ramp_seconds=${RAMP_SECONDS:-60}
sine_seconds=${SINE_SECONDS:-60}
period=${PERIOD:-$(( (sine_seconds + 2) / 3 ))}
records=${RECORDS:-100000}
threads=${THREADS:-32}
steps="${STEPS:-10,20,30,40,50,60,70,80,90,100}"
operations=${OPERATIONS:-200000}
out="${OUT:-results/rate-profile-$(date -u +%Y%m%d-%H%M%S)}"
mkdir -p "$out"
# one redis-server on a free loopback port, stopped and removed on exit (sets port)
. "$root/bench/lib/redis-bench.sh"
echo "# $(date -u +%FT%TZ) $(nproc) cores; code $(git rev-parse --short HEAD)"

{
dir="$out/ramp"
./bin/ycsb-suite tier-ratio --target "redis=redis,redis.host=127.0.0.1,redis.port=$port" \
  --only 1:4/uniform-read --records "$records" --operations "$operations" --threads "$threads" --warmup 3 \
  --curve "$steps" --profile "constant 10% ${warm_seconds}s, ramp 10% 150% ${ramp_seconds}s" --out "$dir" > "$dir.log" 2>&1 \
  || { tail -20 "$dir.log" >&2; exit 1; }
timeline="$(ls "$dir"/raw/redis/*-profile-timeline.jsonl)"
capacity="$(python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["curves"][0]
print(round(next(s for s in c["steps"] if s["offered"] == 0)["achieved"]))' "$dir/curve.json")"
python3 - "$timeline" "$capacity" "$dir/curve.json" "$dir/summary.md" "$steps" "$warm_seconds" <<'EOF'
import json, re, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
capacity = float(sys.argv[2])
curve = json.load(open(sys.argv[3]))["curves"][0]
steps = [float(s) for s in sys.argv[5].split(",")]
whole = [r for r in rows if r["phase"] == "measured" and r["interval_s"] >= 0.9 and r.get("offered_ops_per_s", 0) > 0
         and r["elapsed_s"] > float(sys.argv[6]) + 0.5]
def p99(r):
    v = [s["intended"]["p99_us"] for n, s in r["sections"].items() if "intended" in s and n != "CLEANUP"]
    return max(v) if v else None
print(f"## 1. Ramp from 10% to 150% of the capacity ({capacity:,.0f} ops/s, the curve's saturation run), a row a second")
print("| second | offered (ops/s) | achieved (ops/s) | deviation | intended p99 (us) | late |")
print("|---:|---:|---:|---:|---:|---:|")
below, past = [], []
for i, r in enumerate(whole):
    dev = (r["ops_per_s"] - r["offered_ops_per_s"]) / r["offered_ops_per_s"]
    (below if r["offered_ops_per_s"] < capacity else past).append((r, dev))
    print(f'| {r["elapsed_s"]:.0f} | {r["offered_ops_per_s"]:,.0f} | {r["ops_per_s"]:,.0f} | {100 * dev:+.1f}% |'
          f' {format(p99(r), ",") if p99(r) else "-"} | {r.get("late_operations", 0):,} |')
print()
print("| figure | value | expected | met |")
print("|---|---:|---|---|")
if below:
    med = statistics.median(abs(d) for _, d in below)
    print(f"| median abs deviation, {len(below)} seconds offered below the capacity | {100 * med:.1f}% | within 5% |"
          f' {"yes" if med <= 0.05 else "NO"} |')
if past:
    late = sum(r.get("late_operations", 0) for r, _ in past)
    first, last = p99(past[0][0]) or 0, p99(past[-1][0]) or 0
    print(f"| late operations, {len(past)} seconds offered past the capacity | {late:,} | counted (above 0) |"
          f' {"yes" if late > 0 else "NO"} |')
    print(f"| intended p99 at the first and last of those seconds (us) | {first:,} -> {last:,} | growing |"
          f' {"yes" if last > first else "NO"} |')
ramp, section = None, False
for line in open(sys.argv[4]):
    if line.startswith("## "):
        section = line.startswith("## Capacity from a ramp")
    elif section and "@profile |" in line and line.startswith("| redis |"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        ramp = None if cells[5] == "none" else float(cells[5].replace(",", ""))
knee = next((s for s in curve["steps"] if s["step"] == curve["knee"]), None)
step = min(b - a for a, b in zip([0] + steps, steps)) / 100 * capacity
if ramp is None or knee is None:
    shown = lambda v: "none" if v is None else f"{v:,.0f}"
    print(f'| knee from the ramp against the curve\'s (ops/s offered) | {shown(ramp)} against '
          f'{shown(knee["offered"] if knee else None)} | within one step ({step:,.0f} ops/s) | no pair to compare |')
else:
    print(f'| knee from the ramp against the curve\'s {curve["knee"]} (ops/s offered) | {ramp:,.0f} against'
          f' {knee["offered"]:,.0f} | within one step ({step:,.0f} ops/s) | {"yes" if abs(ramp - knee["offered"]) <= step else "NO"} |')
EOF
mean=$(( capacity / 2 )); amplitude=$(( capacity * 3 / 10 ))
./bin/ycsb run redis -P workloads/uniform-read -p redis.host=127.0.0.1 -p "redis.port=$port" \
  -p "recordcount=$records" -p fieldcount=1 -p fieldlength=100 -threads "$threads" \
  -p "target.profile=constant $mean ${warm_seconds}s, sine $mean $amplitude ${period}s ${sine_seconds}s" \
  -p measurement.interval=both \
  -p timeline.interval=1 -p "timeline.file=$out/sine-timeline.jsonl" > "$out/sine.txt" 2> "$out/sine.err" \
  || { tail -20 "$out/sine.err" >&2; exit 1; }
python3 - "$out/sine-timeline.jsonl" "$mean" "$amplitude" "$period" "$out/sine.txt" "$warm_seconds" <<'EOF'
import json, re, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
whole = [r for r in rows if r["phase"] == "measured" and r["interval_s"] >= 0.9 and r.get("offered_ops_per_s", 0) > 0
         and r["elapsed_s"] > float(sys.argv[6]) + 0.5]
print()
print(f"## 2. Sine {sys.argv[2]} + {sys.argv[3]} sin(2 pi t / {sys.argv[4]} s) ops/s, below the capacity, a row a second")
print("| second | offered (ops/s) | achieved (ops/s) | deviation | late |")
print("|---:|---:|---:|---:|---:|")
devs = []
for i, r in enumerate(whole):
    dev = (r["ops_per_s"] - r["offered_ops_per_s"]) / r["offered_ops_per_s"]
    devs.append(abs(dev))
    print(f'| {r["elapsed_s"]:.0f} | {r["offered_ops_per_s"]:,.0f} | {r["ops_per_s"]:,.0f} | {100 * dev:+.1f}% | {r.get("late_operations", 0):,} |')
report = {m.group(1): m.group(2) for m in re.finditer(r"^\[PROFILE\], (\w+), (\S+)$", open(sys.argv[5]).read(), re.M)}
print()
print("| figure | value | expected | met |")
print("|---|---:|---|---|")
if devs:
    within = sum(d <= 0.05 for d in devs)
    print(f"| seconds with achieved within 5% of offered | {within} of {len(devs)} | all |"
          f' {"yes" if within == len(devs) else "NO"} |')
    print(f"| median abs deviation | {100 * statistics.median(devs):.1f}% | within 5% |"
          f' {"yes" if statistics.median(devs) <= 0.05 else "NO"} |')
def count(name):
    return f'{int(report[name]):,}' if name in report else "-"
print(f'| late operations ([PROFILE]) | {count("LateOperations")} of {count("OfferedOperations")} | few |  |')
EOF
} | results_tee "${warm_seconds} s at 10%, then a ramp of ${ramp_seconds} s from 10% to 150% of the capacity after a --curve $steps of $threads clients; ${warm_seconds} s at 50%, then a sine of ${sine_seconds} s (period ${period} s) between 20% and 80% of it"
results_keep rate-profile
