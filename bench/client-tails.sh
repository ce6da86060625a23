#!/usr/bin/env bash
# bench/client-tails.sh: the tail latency of this project's client next to memtier_benchmark and
# redis-benchmark, in one run against one redis-server that it starts on a free loopback port
# (127.0.0.1 only) and stops. 100-byte values over 100,000 keys, GET and SET, 8 and 32
# connections / operations in flight, each at saturation and at a fixed rate R:
#   redis-benchmark -P 1 -c N, sized to about DURATION seconds (saturation only: it has no rate
#     limit, so its fixed-rate cells say "-"); R = half of its ops/s for that op and concurrency
#     in the same round, rounded to a multiple of 25 per connection;
#   memtier_benchmark -t 1 -c N for DURATION seconds, at R with --rate-limiting R/N per
#     connection (skipped, with a note, when it is missing);
#   bin/ycsb run redis with -threads N, in its default configuration (no client or engine
#     property: whatever the runner and the binding choose) and as Lettuce on the async engine
#     (-p redis.client=lettuce -p runner.engine=async); each run warms up first
#     (-p warmuptime=WARMUP, the runner's [WARMUP] section) and then measures DURATION seconds
#     (-p maxexecutiontime, -p operationcount=0); at R with -target R and
#     -p measurement.interval=both, so the intended latency (from the -target schedule, with
#     coordinated omission corrected) is reported beside the measured one.
# GET is workloads/uniform-read ([READ]); SET is its run phase with readproportion=0
# updateproportion=1 ([UPDATE]: an update of a one-field string record is one SET).
# Keys: one YCSB load at the start writes user0 .. user99999 (insertorder=ordered, so the
# numbers are not hashed) with one 100-byte value each (string group, fieldcount=1); memtier
# reads and writes the same keys (--key-prefix user, --key-minimum 1 --key-maximum 99999: it
# refuses key 0), so its GETs hit. redis-benchmark names its own keys (key:000000000000 ..
# key:000000099999 for -r 100000): they are written once at the start with 100-byte values.
# Each of ROUNDS rounds runs every tool once, tools side by side (their order rotates from round
# to round); the tables give each figure as min-max over rounds, and the ratios are taken within
# each round, then given as min-max: bin/ycsb / redis-benchmark -P 1 ops/s at saturation, and
# bin/ycsb / memtier p99 and p99.9 at R. The report (Markdown, for docs/performance.md) goes to
# stdout and OUT/report.md; progress to stderr; every tool's raw output stays in OUT.
# Usage: bench/client-tails.sh
#   env: ROUNDS=3  DURATION=10 (measured seconds)  WARMUP=auto (bin/ycsb's warmuptime)
#        OUT=dir (default: a new temporary directory)  MEMTIER=path
#        CONCURRENCY="8 32" (the operations in flight to measure)
#        QUICK=1 (a smoke run: ROUNDS=1, DURATION=2, 8 in flight only)
# The project must be built first (mvn -q -B -ntp -DskipTests package).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
rounds="${ROUNDS:-3}"
duration="${DURATION:-10}"
warmup="${WARMUP:-auto}"
read -r -a concurrencies <<<"${CONCURRENCY:-8 32}"
if [ "${QUICK:-0}" = 1 ]; then rounds=1; duration=2; concurrencies=(8); fi
for c in "${concurrencies[@]}"; do
  [[ "$c" =~ ^[1-9][0-9]*$ ]] || { echo "bench/$(basename "$0"): CONCURRENCY must list positive whole numbers, got '$c'" >&2; exit 2; }
done
for v in rounds duration; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || { echo "bench/$(basename "$0"): ${v^^} must be a positive whole number, got '${!v}'" >&2; exit 2; }
done
records=100000
settings="ROUNDS=$rounds DURATION=$duration WARMUP=$warmup CONCURRENCY='${concurrencies[*]}'${QUICK:+ QUICK=$QUICK}${MEMTIER:+ MEMTIER=$MEMTIER}"
bench_no_build=1
bench_keep="${OUT:-}"
. "$root/bench/lib/redis-bench.sh"
memtier="$(bench_memtier || true)"
results="$tmp/results.tsv"
log() { echo "[$(date -u +%H:%M:%S)] $*" >&2; }
fail() { echo "bench/$bench_name: $*" >&2; exit 1; }

log "raw outputs in $tmp"
if [ -n "$memtier" ]; then
  memtier_version="$("$memtier" --version 2>&1 | head -1)"
else
  memtier_version="not found (${MEMTIER:-memtier_benchmark on the PATH, then ../shared/tools/memtier/memtier_benchmark}): memtier skipped"
  log "memtier_benchmark $memtier_version; going on without it"
fi
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
started="$(date -u '+%Y-%m-%d %H:%M')"

# The key space: YCSB's user0..user99999 (bin/ycsb and memtier), redis-benchmark's key:NNN.
ycsb_common=(-p redis.host=127.0.0.1 -p redis.port="$port" -p redis.command_group=string
             -p fieldcount=1 -p fieldlength=100 -p recordcount="$records" -p insertorder=ordered)
log "loading $records records with bin/ycsb load, and redis-benchmark's $records keys"
cpu_of load-ycsb ./bin/ycsb load redis -P workloads/load "${ycsb_common[@]}" -threads 8 >/dev/null
awk -F', ' -v n="$records" '$1 == "[INSERT]" && $2 == "Return=OK" { ok = $3 }
  END { if (ok != n) { print "YCSB load: " ok + 0 " of " n " OK" > "/dev/stderr"; exit 1 } }' "$tmp/load-ycsb.out"
awk -v n="$records" 'BEGIN { v = sprintf("%100s", ""); gsub(/ /, "x", v)
  for (i = 0; i < n; i++) { k = sprintf("key:%012d", i); printf "*3\r\n$3\r\nSET\r\n$%d\r\n%s\r\n$100\r\n%s\r\n", length(k), k, v } }' |
  redis-cli -p "$port" --pipe >"$tmp/load-redis-benchmark.out" 2>&1 && grep -q 'errors: 0,' "$tmp/load-redis-benchmark.out" ||
  fail "loading redis-benchmark's keys failed: $(tail -2 "$tmp/load-redis-benchmark.out")"
keys=$(redis-cli -p "$port" dbsize)
[ "$keys" = $((2 * records)) ] || fail "expected $((2 * records)) keys after the load, found $keys"

printf 'round\tconc\top\tmode\trate\ttool\tops\tp50\tp99\tp999\tsecs\tcpu_s\twarmup\n' >"$results"
# record ROUND CONC OP MODE RATE TOOL OPS P50 P99 P999 SECS CPU WARMUP (latencies in us)
record() {
  local IFS=$'\t'
  echo "$*" >>"$results"
  log "  $6: ops/s $7, p50 $8, p99 $9, p99.9 ${10} us (${11} s)"
}

# redis-benchmark -P 1 at saturation. Prints "ops/s p50 p99 p99.9 seconds": p50 and p99 from its
# summary (HdrHistogram, exact); it prints no 99.9% row, so p99.9 is the first row of its
# percentile distribution (percentiles in halving steps: ..., 99.805%, 99.902%, ...) whose
# cumulative count reaches 99.9% of the requests: the smallest bound on p99.9 that it prints.
rb_parse() {
  tr '\r' '\n' <"$1" | awk '
    $2 == "requests" && $3 == "completed" { n = $1; secs = $5 }
    /^Latency by percentile distribution:/ { pct = 1; next }
    /^Cumulative distribution of latencies:/ { pct = 0 }
    pct && /cumulative count/ { c = $NF; sub(/\)$/, "", c); if (p999 == "" && c + 0 >= 0.999 * n) p999 = $3 }
    /throughput summary:/ { ops = $3 }
    $1 == "avg" && $2 == "min" && $3 == "p50" && $5 == "p99" { getline; p50 = $3; p99 = $5 }
    END { if (ops == "" || p50 == "" || p999 == "") exit 1
          printf "%.0f %.0f %.0f %.0f %.2f\n", ops, p50 * 1000, p99 * 1000, p999 * 1000, secs }'
}
declare -A rb_n rb_ops
rb_sat() {
  local round="$1" c="$2" op="$3" name cpu row ops p50 p99 p999 secs
  if [ -z "${rb_n[$c-$op]:-}" ]; then
    # first round: a short run to size the measured one to about $duration s
    name="calibrate-c$c-$op-redis-benchmark"
    cpu_of "$name" redis-benchmark -h 127.0.0.1 -p "$port" -c "$c" -n 50000 -P 1 -d 100 -r "$records" \
      -t "${op,,}" --precision 3 >/dev/null
    row=$(rb_parse "$tmp/$name.out") || fail "could not read $tmp/$name.out"
    rb_n[$c-$op]=$(awk -v t="${row%% *}" -v d="$duration" 'BEGIN { n = int(t * d / 1000 + 0.5) * 1000; print n < 1000 ? 1000 : n }')
  fi
  name="r$round-c$c-$op-sat-redis-benchmark"
  cpu=$(cpu_of "$name" redis-benchmark -h 127.0.0.1 -p "$port" -c "$c" -n "${rb_n[$c-$op]}" -P 1 -d 100 \
    -r "$records" -t "${op,,}" --precision 3)
  row=$(rb_parse "$tmp/$name.out") || fail "could not read $tmp/$name.out"
  read -r ops p50 p99 p999 secs <<<"$row"
  record "$round" "$c" "$op" sat - rb "$ops" "$p50" "$p99" "$p999" "$secs" "$cpu" -
  rb_ops[$c-$op]=$ops
  rb_n[$c-$op]=$(awk -v t="$ops" -v d="$duration" 'BEGIN { n = int(t * d / 1000 + 0.5) * 1000; print n < 1000 ? 1000 : n }')
}

# memtier_benchmark, one thread, $c connections, for $duration s; RATE "-" = unlimited.
mt_run() {
  local round="$1" c="$2" op="$3" mode="$4" rate="$5" name cpu row ratio type limit=() ops p50 p99 p999 secs
  [ -n "$memtier" ] || return 0
  if [ "$op" = GET ]; then ratio=0:1; type=Gets; else ratio=1:0; type=Sets; fi
  [ "$rate" = - ] || limit=(--rate-limiting $((rate / c)))
  name="r$round-c$c-$op-$mode-memtier"
  cpu=$(cpu_of "$name" "$memtier" -s 127.0.0.1 -p "$port" -t 1 -c "$c" --ratio "$ratio" --key-pattern R:R \
    --key-prefix user --key-minimum 1 --key-maximum $((records - 1)) -d 100 --test-time "$duration" \
    "${limit[@]}" --hide-histogram --print-percentiles 50,99,99.9)
  # the ALL STATS row of $type: ops/s, hits/s, misses/s, average, p50, p99, p99.9 (ms), KB/s
  row=$(awk -v t="$type" '
    /^ALL STATS/ { all = 1 }
    all && /^Type/ && !/p50 Latency +p99 Latency +p99.9 Latency/ { bad = 1 }
    all && $1 == t && NF >= 9 { ops = $2; miss = $4; p50 = $6; p99 = $7; p999 = $8 }
    END { if (bad || ops == "") exit 1
          if (t == "Gets" && miss + 0 > 0) { print "memtier GET misses: " miss "/s" > "/dev/stderr"; exit 1 }
          printf "%.0f %.0f %.0f %.0f\n", ops, p50 * 1000, p99 * 1000, p999 * 1000 }' "$tmp/$name.out") ||
    fail "could not read $tmp/$name.out"
  read -r ops p50 p99 p999 <<<"$row"
  # ops/s: the running average of its last progress line (all operations over the time they
  # took). ALL STATS' Ops/sec divides by a run time that this memtier gets wrong by about a
  # second (1.0 s and 3.0 s for --test-time 2, 4.0 s for 5).
  read -r secs ops <<<"$(tr '\r' '\n' <"$tmp/$name.err" |
    sed -n 's/^\[RUN #1 100%, *\([0-9][0-9]*\) secs\].*(avg: *\([0-9][0-9]*\)) ops\/sec.*/\1 \2/p' | tail -1)"
  [ -n "$ops" ] || fail "no final progress line in $tmp/$name.err"
  record "$round" "$c" "$op" "$mode" "$rate" memtier "$ops" "$p50" "$p99" "$p999" "$secs" "$cpu" -
}

# bin/ycsb run redis: CFG default, sync (upstream's model) or lettuce (async engine); RATE "-" = unthrottled.
ycsb_run() {
  local round="$1" c="$2" op="$3" mode="$4" rate="$5" cfg="$6" name cpu row section args
  local ops p50 p99 p999 secs warm i50 i99 i999
  args=(run redis -P workloads/uniform-read "${ycsb_common[@]}" -p operationcount=0
        -p maxexecutiontime="$duration" -p warmuptime="$warmup" -threads "$c")
  if [ "$op" = GET ]; then section=READ; else section=UPDATE; args+=(-p readproportion=0 -p updateproportion=1); fi
  case "$cfg" in
    sync) args+=(-p runner.engine=sync) ;;
    lettuce) args+=(-p redis.client=lettuce -p runner.engine=async) ;;
  esac
  [ "$rate" = - ] || args+=(-target "$rate" -p measurement.interval=both)
  name="r$round-c$c-$op-$mode-ycsb-$cfg"
  cpu=$(cpu_of "$name" ./bin/ycsb "${args[@]}")
  # ops/s p50 p99 p99.9 seconds warm-up(yes/no) and, with measurement.interval=both, intended
  # p50 p99 p99.9; every measured operation must be OK (a GET of a missing key is NOT_FOUND)
  row=$(awk -F', ' -v s="[$section]" -v i="[Intended-$section]" '
    $1 == "[OVERALL]" && $2 == "Throughput(ops/sec)" { ops = $3 }
    $1 == "[OVERALL]" && $2 == "RunTime(ms)" { ms = $3 }
    $1 ~ /^\[WARMUP/ { warm = 1 }
    $1 == s && $2 == "Operations" { n = $3 }
    $1 == s && $2 == "Return=OK" { ok = $3 }
    $1 == s && $2 == "50thPercentileLatency(us)" { p50 = $3 }
    $1 == s && $2 == "99thPercentileLatency(us)" { p99 = $3 }
    $1 == s && $2 == "99.9PercentileLatency(us)" { p999 = $3 }
    $1 == i && $2 == "50thPercentileLatency(us)" { i50 = $3 }
    $1 == i && $2 == "99thPercentileLatency(us)" { i99 = $3 }
    $1 == i && $2 == "99.9PercentileLatency(us)" { i999 = $3 }
    END { if (n == "" || ops == "" || p999 == "") exit 1
          if (ok != n) { print s " " ok + 0 " of " n " OK" > "/dev/stderr"; exit 1 }
          printf "%.0f %s %s %s %.2f %s %s %s %s\n", ops, p50, p99, p999, ms / 1000, warm ? "yes" : "no",
            i50 == "" ? "-" : i50, i99 == "" ? "-" : i99, i999 == "" ? "-" : i999 }' "$tmp/$name.out") ||
    fail "could not read $tmp/$name.out"
  read -r ops p50 p99 p999 secs warm i50 i99 i999 <<<"$row"
  record "$round" "$c" "$op" "$mode" "$rate" "ycsb-$cfg" "$ops" "$p50" "$p99" "$p999" "$secs" "$cpu" "$warm"
  if [ "$rate" != - ]; then
    [ "$i999" != - ] || fail "$tmp/$name.out has no [Intended-$section] section"
    record "$round" "$c" "$op" "$mode" "$rate" "ycsb-$cfg-intended" "$ops" "$i50" "$i99" "$i999" "$secs" "$cpu" "$warm"
  fi
}

# The runs of one round, tools side by side; their order rotates with the round.
sat_runs=("rb_sat" "mt_run sat -" "ycsb_run sat - default" "ycsb_run sat - sync" "ycsb_run sat - lettuce")
rate_runs=("mt_run rate RATE" "ycsb_run rate RATE default" "ycsb_run rate RATE sync" "ycsb_run rate RATE lettuce")
rotated() { # rotated OFFSET ITEM... prints the items from OFFSET on, wrapping, one a line
  local k="$1"; shift; local n=$#; local i
  for ((i = 0; i < n; i++)); do local j=$(((i + k) % n + 1)); echo "${!j}"; done
}
# run_rotated ROUND C OP RATE RUN...: the runs of one round in rotated order, RATE put for "RATE".
run_rotated() {
  local round="$1" c="$2" op="$3" rate="$4" run a order
  shift 4
  mapfile -t order < <(rotated $((round - 1)) "$@")
  for run in "${order[@]}"; do
    read -r -a a <<<"${run//RATE/$rate}"
    "${a[0]}" "$round" "$c" "$op" "${a[@]:1}"
  done
}
for ((round = 1; round <= rounds; round++)); do
  for c in "${concurrencies[@]}"; do
    for op in GET SET; do
      log "round $round/$rounds, $c in flight, $op: saturation"
      run_rotated "$round" "$c" "$op" - "${sat_runs[@]}"
      # R: half of redis-benchmark's ops/s, rounded to a multiple of 25 per connection
      rate=$(awk -v t="${rb_ops[$c-$op]}" -v c="$c" 'BEGIN { s = 25 * c; r = int(t / 2 / s + 0.5) * s; print r < s ? s : r }')
      log "round $round/$rounds, $c in flight, $op: fixed rate $rate ops/s"
      run_rotated "$round" "$c" "$op" "$rate" "${rate_runs[@]}"
    done
  done
done
load_after="$(cut -d' ' -f1-3 /proc/loadavg)"
finished="$(date -u '+%H:%M')"

# The report, from results.tsv.
{
  echo "## Client tails: bin/ycsb against memtier_benchmark and redis-benchmark (\`bench/client-tails.sh\`)"
  echo
  echo "Command: \`$settings bench/client-tails.sh\`, code at commit \`$(git rev-parse --short HEAD 2>/dev/null || echo unknown)\`."
  echo "Date: $started-$finished UTC. Machine: $(bench_machine); load average $load_before before, $load_after after."
  echo "redis-server $(redis-server --version | awk '{print $3}' | sed 's/^v=//') on 127.0.0.1 (no persistence), on the same cores as the clients;"
  echo "redis-benchmark $(redis-benchmark --version 2>&1 | awk '{print $2}'); memtier_benchmark: $memtier_version."
  awk -F'\t' -v rounds="$rounds" -v d="$duration" -v w="$warmup" '
    NR == 1 { next }
    function upd(k, v) { if (!(k in lo) || v < lo[k]) lo[k] = v; if (!(k in hi) || v > hi[k]) hi[k] = v }
    $6 == "rb" { upd("rb", $11) }
    $6 == "memtier" { upd("mt", $11) }
    $6 == "ycsb-default" || $6 == "ycsb-sync" || $6 == "ycsb-lettuce" { upd("y", $11); runs++; if ($13 == "yes") warm++ }
    function rg(k, f) { return (k in lo) ? (sprintf(f, lo[k]) == sprintf(f, hi[k]) ? sprintf(f, lo[k]) : sprintf(f, lo[k]) "-" sprintf(f, hi[k])) : "-" }
    END {
      printf "Run lengths: %d round(s); bin/ycsb warmuptime=%s, then %d s measured (measured %s s; a [WARMUP] section in %d of %d runs%s);\n",
        rounds, w, d, rg("y", "%.1f"), warm, runs, warm < runs ? ": without one the runner did no warm-up" : ""
      printf "%s; redis-benchmark -P 1 sized to about %d s (%s s).\n",
        ("mt" in lo) ? sprintf("memtier --test-time %d (%s s)", d, rg("mt", "%.0f")) : "memtier skipped", d, rg("rb", "%.1f")
    }' "$results"
  echo "Keys: $records records of one 100-byte value; bin/ycsb and memtier share YCSB's keys user0..user99999"
  echo "(\`insertorder=ordered\`; memtier \`--key-prefix user --key-minimum 1 --key-maximum 99999\`), redis-benchmark uses"
  echo "its own key:NNN keys (\`-r $records\`), all loaded once at the start. GET: \`workloads/uniform-read\`; SET: its run"
  echo "phase with \`readproportion=0 updateproportion=1\`. \"bin/ycsb, default\": no client or engine property; \"sync\":"
  echo "\`-p runner.engine=sync\` (upstream's thread per client, Jedis); \"Lettuce"
  echo "async\": \`-p redis.client=lettuce -p runner.engine=async\`; N = \`-threads N\` (in flight), memtier \`-t 1 -c N\`,"
  echo "redis-benchmark \`-c N\`. Fixed rate R: half of redis-benchmark's ops/s for that op and N in the same round,"
  echo "rounded to a multiple of 25 per connection; bin/ycsb \`-target R -p measurement.interval=both\` (\"intended\": latency"
  echo "from the schedule), memtier \`--rate-limiting R/N\` per connection; redis-benchmark has no rate limit (\"-\")."
  echo "redis-benchmark's p99.9 is its first percentile row at or above 99.9% (it prints 99.902%), an upper bound."
  echo "memtier's ops/s is the average of its last progress line (its ALL STATS Ops/sec divides by a run time that"
  echo "is off by about a second); its latencies are from ALL STATS."
  echo "Each cell: min-max over the rounds; ratios are taken within a round, then given as min-max."
  awk -F'\t' -v rounds="$rounds" -v have_mt="${memtier:+1}" '
    NR == 1 { next }
    function upd(k, v) { if (v == "-") return; if (!(k in lo) || v + 0 < lo[k]) lo[k] = v + 0; if (!(k in hi) || v + 0 > hi[k]) hi[k] = v + 0 }
    function th(x,   s, r) { s = sprintf("%.0f", x); r = ""; while (length(s) > 3) { r = "," substr(s, length(s) - 2) r; s = substr(s, 1, length(s) - 3) } return s r }
    function f(x, kind) { return kind == "ops" ? th(x) : kind == "ratio" ? sprintf("%.2f", x) : sprintf("%.0f", x) }
    function rg(k, kind) { return (k in lo) ? (f(lo[k], kind) == f(hi[k], kind) ? f(lo[k], kind) : f(lo[k], kind) "-" f(hi[k], kind)) : "-" }
    {
      r = $1; c = $2; op = $3; m = $4; t = $6
      conc[c] = 1
      upd(c SUBSEP op SUBSEP m SUBSEP t SUBSEP "ops", $7); upd(c SUBSEP op SUBSEP m SUBSEP t SUBSEP "p50", $8)
      upd(c SUBSEP op SUBSEP m SUBSEP t SUBSEP "p99", $9); upd(c SUBSEP op SUBSEP m SUBSEP t SUBSEP "p999", $10)
      if (m == "rate") upd(c SUBSEP op SUBSEP "R", $5)
      v[r, c, op, m, t, "ops"] = $7; v[r, c, op, m, t, "p99"] = $9; v[r, c, op, m, t, "p999"] = $10
    }
    END {
      nt = split("rb memtier ycsb-default ycsb-default-intended ycsb-sync ycsb-sync-intended ycsb-lettuce ycsb-lettuce-intended", tools, " ")
      label["rb"] = "redis-benchmark -P 1"; label["memtier"] = "memtier_benchmark"
      label["ycsb-default"] = "bin/ycsb, default"; label["ycsb-default-intended"] = "bin/ycsb, default, intended"
      label["ycsb-sync"] = "bin/ycsb, sync"; label["ycsb-sync-intended"] = "bin/ycsb, sync, intended"
      label["ycsb-lettuce"] = "bin/ycsb, Lettuce async"; label["ycsb-lettuce-intended"] = "bin/ycsb, Lettuce async, intended"
      split("GET SET", ops, " ")
      # ratios per round
      for (key in v) {
        split(key, kp, SUBSEP)
        if (kp[6] != "ops") continue
        r = kp[1]; c = kp[2]; op = kp[3]; m = kp[4]; t = kp[5]
        if (m == "sat" && t ~ /^ycsb-/ && ((r, c, op, m, "rb", "ops") in v))
          upd(c SUBSEP op SUBSEP "ratio-ops" SUBSEP t, v[key] / v[r, c, op, m, "rb", "ops"])
        if (m == "rate" && t ~ /^ycsb-/ && ((r, c, op, m, "memtier", "p99") in v) && v[r, c, op, m, "memtier", "p99"] > 0 && v[r, c, op, m, "memtier", "p999"] > 0) {
          upd(c SUBSEP op SUBSEP "ratio-p99" SUBSEP t, v[r, c, op, m, t, "p99"] / v[r, c, op, m, "memtier", "p99"])
          upd(c SUBSEP op SUBSEP "ratio-p999" SUBSEP t, v[r, c, op, m, t, "p999"] / v[r, c, op, m, "memtier", "p999"])
        }
      }
      for (c = 1; c <= 1024; c++) {
        if (!(c in conc)) continue
        printf "\n### %d connections / operations in flight\n\n", c
        print "| op | load | client | ops/s | p50 us | p99 us | p99.9 us |"
        print "|---|---|---|---|---|---|---|"
        for (o = 1; o <= 2; o++) {
          op = ops[o]
          for (i = 1; i <= nt; i++) {
            t = tools[i]; k = c SUBSEP op SUBSEP "sat" SUBSEP t
            if (t ~ /intended/) continue
            if (t == "memtier" && !have_mt) { printf "| %s | saturation | %s | skipped (not found) | | | |\n", op, label[t]; continue }
            printf "| %s | saturation | %s | %s | %s | %s | %s |\n", op, label[t], rg(k SUBSEP "ops", "ops"), rg(k SUBSEP "p50"), rg(k SUBSEP "p99"), rg(k SUBSEP "p999")
          }
          R = "R = " rg(c SUBSEP op SUBSEP "R", "ops") " ops/s"
          for (i = 1; i <= nt; i++) {
            t = tools[i]; k = c SUBSEP op SUBSEP "rate" SUBSEP t
            if (t == "rb") { printf "| %s | %s | %s | - | - | - | - |\n", op, R, label[t]; continue }
            if (t == "memtier" && !have_mt) { printf "| %s | %s | %s | skipped (not found) | | | |\n", op, R, label[t]; continue }
            printf "| %s | %s | %s | %s | %s | %s | %s |\n", op, R, label[t], rg(k SUBSEP "ops", "ops"), rg(k SUBSEP "p50"), rg(k SUBSEP "p99"), rg(k SUBSEP "p999")
          }
        }
        printf "\nRatios at %d in flight (per round, min-max over %d round(s)):\n\n", c, rounds
        print "| ratio | GET | SET |"
        print "|---|---|---|"
        split("ycsb-default ycsb-sync ycsb-lettuce", ys, " ")
        for (y = 1; y <= 3; y++)
          printf "| ops/s at saturation, %s / redis-benchmark -P 1 | %s | %s |\n", label[ys[y]],
            rg(c SUBSEP "GET" SUBSEP "ratio-ops" SUBSEP ys[y], "ratio"), rg(c SUBSEP "SET" SUBSEP "ratio-ops" SUBSEP ys[y], "ratio")
        split("ycsb-default ycsb-default-intended ycsb-sync ycsb-sync-intended ycsb-lettuce ycsb-lettuce-intended", ys, " ")
        for (y = 1; y <= 6; y++) {
          printf "| p99 at R, %s / memtier | %s | %s |\n", label[ys[y]],
            rg(c SUBSEP "GET" SUBSEP "ratio-p99" SUBSEP ys[y], "ratio"), rg(c SUBSEP "SET" SUBSEP "ratio-p99" SUBSEP ys[y], "ratio")
          printf "| p99.9 at R, %s / memtier | %s | %s |\n", label[ys[y]],
            rg(c SUBSEP "GET" SUBSEP "ratio-p999" SUBSEP ys[y], "ratio"), rg(c SUBSEP "SET" SUBSEP "ratio-p999" SUBSEP ys[y], "ratio")
        }
      }
    }' "$results"
  echo
  echo "Raw outputs: $tmp (results.tsv: one row per run and round)."
} | tee "$tmp/report.md"
