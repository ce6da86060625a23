#!/usr/bin/env bash
# bench/soak.sh: does a long run hold? bin/ycsb for DURATION seconds with its metrics endpoint
# scraped every 5 s by Debian's prometheus, read back per WINDOW (5 minutes) from Prometheus:
# throughput, p99 per operation, errors; the client's heap in use after a full collection (forced
# with jcmd at each window's end, read from its GC log) and its RSS (sampled every 10 s).
#   redis:  -threads THREADS (1,000) against a redis-server with maxmemory, Uniform 50/50 GET/SET
#           (workloads/uniform-update5050) over RECORDS (1,000,000) records of 100 bytes
#   tiered: the embedded store on disk at 1:4, Uniform 50/50, 8 clients, TIERED_RECORDS
#           (2,000,000); adds RocksDB's live SST bytes and pending compaction bytes per window
#   cost:   the endpoint's cost: COST_ROUNDS rounds, each a run with the endpoint (scraped every
#           5 s) and one without, alternated, COST_SECONDS each, the redis shape; the client's CPU
#           per operation ([CLIENT] CpuPerOperation(us)) and throughput of each
# Tables and provenance also go to bench/results/soak.md, or soak-tiered.md for `tiered` alone
# (docs/performance.md's "Long runs" sections).
# Usage: bench/soak.sh [redis|tiered|cost]...   (default: cost redis tiered)
#   DURATION=1800 bench/soak.sh cost redis   # the figures in docs/performance.md
#   DURATION=1800 TARGET=70000 SOAK_RESULTS=soak-fixed-rate bench/soak.sh redis   # at a fixed rate
#   DURATION=120 WINDOW=30 COST_SECONDS=20 bench/soak.sh   # a quick check of the script
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
. bench/lib/results.sh
results_start "$(results_env DURATION WINDOW THREADS RECORDS TIERED_RECORDS COST_ROUNDS COST_SECONDS TARGET SOAK_RESULTS)" "$@"
duration=${DURATION:-1800}
window=${WINDOW:-300}
threads=${THREADS:-1000}
records=${RECORDS:-1000000}
tiered_records=${TIERED_RECORDS:-2000000}
# TARGET=R: the redis soak offers R ops/s (intended latency, -target) instead of a closed loop, so
# that what the server and the machine do to the rate does not hide what the client holds
target=${TARGET:-}
cost_rounds=${COST_ROUNDS:-3}
cost_seconds=${COST_SECONDS:-60}
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(cost redis tiered)
for need in redis-server redis-cli prometheus jcmd python3 curl; do
  command -v "$need" > /dev/null || { echo "bench/soak.sh: needs $need (apt-get install redis-server prometheus)" >&2; exit 2; }
done
[ -f runner/target/ycsb-runner.jar ] || { echo "bench/soak.sh: build first (mvn -q -B -ntp -DskipTests package)" >&2; exit 2; }

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
out="${OUT:-$root/results/soak-$stamp}"
mkdir -p "$out"
work="$(mktemp -d "${TMPDIR:-/var/tmp}/soak-XXXXXX")"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2> /dev/null || true; done
  wait 2> /dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

redis_port=$(free_port)
redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --maxmemory 1gb \
  --maxmemory-policy allkeys-lru --maxclients 4096 --dir "$work" > "$work/redis.log" 2>&1 &
pids+=($!)
until redis-cli -p "$redis_port" ping > /dev/null 2>&1; do sleep 0.1; done

# One Prometheus for every run, scraping the ports the runs will use every 5 s.
metrics_ports=("$(free_port)" "$(free_port)")
prom_port=$(free_port)
cat > "$work/prometheus.yml" << EOF
global:
  scrape_interval: 5s
scrape_configs:
  - job_name: ycsb
    static_configs:
      - targets: ['127.0.0.1:${metrics_ports[0]}', '127.0.0.1:${metrics_ports[1]}']
EOF
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/prometheus" \
  --web.listen-address="127.0.0.1:$prom_port" > "$work/prometheus.log" 2>&1 &
pids+=($!)
prom="http://127.0.0.1:$prom_port"
until curl -sf "$prom/-/ready" > /dev/null; do sleep 0.2; done

echo "# bench/soak.sh $(git rev-parse --short HEAD) $(date -u +%FT%TZ) on $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB;" \
  "load average $(cut -d' ' -f1-3 /proc/loadavg); parts: ${parts[*]}; results in $out"

redis_args=(-P workloads/uniform-update5050 -p "redis.host=127.0.0.1" -p "redis.port=$redis_port"
  -p redis.command_group=string -p fieldcount=1 -p fieldlength=100 -p "recordcount=$records" -p redis.timeout=30000)
loaded=""
load_redis() {
  [ -z "$loaded" ] || return 0
  ./bin/ycsb load redis -P workloads/load "${redis_args[@]:2}" -threads 64 > "$out/redis-load.txt" 2>&1
  loaded=yes
}

# Runs bin/ycsb (arguments after the name) in the background as a soak: the RSS sampler and a
# forced full collection at every window's end beside it; waits for it; the report in $out/NAME.txt.
soak_run() {
  local name="$1"; shift
  local started; started=$(date +%s.%N)
  echo "$started" > "$out/$name-jvm-start"
  # a timeline row a minute: the server's (or the store's) own figures beside the client's
  ./bin/ycsb "$@" -p "timeline.file=$out/$name-timeline.jsonl" -p timeline.interval=60 \
    -jvm-args "-Xlog:gc:file=$out/$name-gc.log:uptime:filecount=0" > "$out/$name.txt" 2> "$out/$name.log" &
  local pid=$!
  : > "$out/$name-rss.tsv"
  local next_gc=$((window + 15))
  local t=0
  while kill -0 "$pid" 2> /dev/null; do
    rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status" 2> /dev/null || true)
    [ -z "$rss" ] || echo "$(date +%s.%N) $rss" >> "$out/$name-rss.tsv"
    if [ "$t" -ge "$next_gc" ]; then
      jcmd "$pid" GC.run > /dev/null 2>&1 || true
      next_gc=$((next_gc + window))
    fi
    sleep 10
    t=$((t + 10))
  done
  wait "$pid" || { echo "bench/soak.sh: $name failed; its stderr:" >&2; tail -20 "$out/$name.log" >&2; exit 1; }
}

report() {
  local name="$1" run="$2"; shift 2
  python3 bench/lib/soak_report.py "$prom" "$run" "$out/$name-gc.log" "$(cat "$out/$name-jvm-start")" \
    "$out/$name-rss.tsv" "$window" "$@"
  grep -h "Return=\|\[OUTAGE\]" "$out/$name.txt" | sed 's/^/  report: /'
}

value() { { grep -F "[$2], $3, " "$1" || true; } | head -1 | awk -F', ' '{print $3}'; }

{
for part in "${parts[@]}"; do
  case "$part" in
    cost)
      load_redis
      echo
      echo "## The endpoint's cost: ${cost_rounds} rounds of ${cost_seconds} s with and without it, alternated (-threads $threads, 10 s warm-up)"
      echo "| round | side | ops/s | CPU/op (us) |"
      echo "|---|---|---:|---:|"
      for round in $(seq "$cost_rounds"); do
        for side in on off; do
          extra=()
          [ "$side" = on ] && extra=(-p "metrics.port=${metrics_ports[1]}" -p metrics.host=127.0.0.1 -p "metrics.run=cost-$round" -p metrics.linger=10s)
          f="$out/cost-$round-$side.txt"
          ./bin/ycsb run redis "${redis_args[@]}" -threads "$threads" -p operationcount=0 -p "maxexecutiontime=$cost_seconds" \
            -p warmuptime=10 ${extra[@]+"${extra[@]}"} > "$f" 2> "${f%.txt}.log"
          printf '| %s | %s | %.0f | %s |\n' "$round" "$side" "$(value "$f" OVERALL 'Throughput(ops/sec)')" \
            "$(value "$f" CLIENT 'CpuPerOperation(us)')"
        done
      done
      python3 - "$out" "$cost_rounds" << 'EOF'
import statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
def cpu(f):
    for line in open(f):
        if line.startswith("[CLIENT], CpuPerOperation(us), "):
            return float(line.rsplit(",", 1)[1])
ratios = [cpu(f"{out}/cost-{r}-on.txt") / cpu(f"{out}/cost-{r}-off.txt") for r in range(1, rounds + 1)]
print()
print("| CPU per operation, with the endpoint / without | per round | median |")
print("|---|---|---:|")
print(f"| ratio | {', '.join(f'{x:.3f}' for x in ratios)} | {statistics.median(ratios):.3f} |")
EOF
      ;;
    redis)
      load_redis
      echo
      rate=(-p operationcount=0)
      [ -z "$target" ] || rate=(-target "$target" -p measurement.interval=both -p operationcount=0)
      echo "## redis: ${duration} s, -threads $threads, ${target:+-target $target, }Uniform 50/50 over $records records, redis-server maxmemory 1gb"
      soak_run redis run redis "${redis_args[@]}" -threads "$threads" "${rate[@]}" \
        -p "maxexecutiontime=$duration" -p warmuptime=10 -p "metrics.port=${metrics_ports[0]}" \
        -p metrics.host=127.0.0.1 -p metrics.run=soak-redis -p metrics.linger=20s
      report redis soak-redis
      ;;
    tiered)
      echo
      echo "## tiered: disk at 1:4, ${duration} s, 8 clients, Uniform 50/50 over $tiered_records records"
      store=(-p tiered.medium=disk -p "tiered.path=$work/store" -p tiered.ratio=1:4 -p "recordcount=$tiered_records"
        -p fieldcount=1 -p fieldlength=100)
      ./bin/ycsb load tiered -P workloads/load "${store[@]}" -threads 8 > "$out/tiered-load.txt" 2>&1
      soak_run tiered run tiered -P workloads/uniform-update5050 "${store[@]}" -threads 8 -p operationcount=0 \
        -p "maxexecutiontime=$duration" -p warmuptime=10 -p "metrics.port=${metrics_ports[0]}" \
        -p metrics.host=127.0.0.1 -p metrics.run=soak-tiered -p metrics.linger=20s
      report tiered soak-tiered tiered
      echo "  store on disk at the end: $(du -sm "$work/store" | cut -f1) MB"
      ;;
    *) echo "bench/soak.sh: unknown part '$part' (redis, tiered, cost)" >&2; exit 2 ;;
  esac
done
} | results_tee "$duration s per soak, ${window} s windows; the cost: $cost_rounds rounds of $cost_seconds s on and off"
# the disk tier's long run has a results file (and a section) of its own
if [ -n "${SOAK_RESULTS:-}" ]; then results_keep "$SOAK_RESULTS"
elif [ "${parts[*]}" = tiered ]; then results_keep soak-tiered; else results_keep soak; fi
