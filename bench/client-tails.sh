#!/usr/bin/env bash
# bench/client-tails.sh: this project's client beside memtier_benchmark and redis-benchmark at the
# same shape (connections x operations in flight per connection), in one run against one
# redis-server that it starts on a free loopback port (127.0.0.1 only) and stops.
# Shapes (SHAPES, "CxK": C connections, K in flight on each):
#   Cx1: bin/ycsb run redis -threads C (its default: C logical clients on C connections, one
#        operation in flight each; the run's [CLIENT] section must say so), memtier -t T -c C/T,
#        redis-benchmark -c C -P 1;
#   CxK: bin/ycsb -threads C*K -p redis.connections=C (C*K clients sharing C connections),
#        memtier -t T -c C/T --pipeline K (redis-benchmark's -P is another load: left out).
#   T = THREADS (default: the number of cores), also bin/ycsb's runner.engine.threads.
# For each shape, op (GET, SET) and value size (SIZES): saturation, then a fixed rate R = each
# RATES share of memtier's saturation ops/s in the same round (rounded to a multiple of 25 per
# connection): memtier --rate-limiting R/C per connection, bin/ycsb -target R with
# -p measurement.interval=both (intended latency, from the schedule, beside the measured one, and
# the report's [SCHEDULE] section: how late bin/ycsb sent operations after their places on it);
# redis-benchmark has no rate limit. Each bin/ycsb run warms up first (-p warmuptime=WARMUP, the
# runner's [WARMUP] section) and then measures DURATION seconds (maxexecutiontime,
# operationcount=0); memtier runs DURATION seconds; redis-benchmark is sized to about that.
# Client CPU per operation: memtier and redis-benchmark from their process's user + system time
# (/proc, through /usr/bin/time) over the operations they did; bin/ycsb from its [CLIENT]
# CpuPerOperation(us), the JVM's CPU time over the measured phase only (ClientCostReportTest checks
# it against /proc), so its start-up and warm-up are not counted.
# GET is workloads/uniform-read ([READ]); SET is its run phase with readproportion=0
# updateproportion=1 ([UPDATE]: an update of a one-field string record is one SET).
# Keys: for each size, one YCSB load writes user0 .. user99999 (insertorder=ordered) with one value
# of that size (string group, fieldcount=1); memtier reads and writes the same keys (--key-prefix
# user, --key-minimum 1 --key-maximum 99999: it refuses key 0), so its GETs hit; redis-benchmark's
# own keys (key:000000000000 .. for -r 100000) are written with values of that size too.
# Each of ROUNDS rounds runs every tool once, side by side (their order rotates from round to
# round); tables give min-max over rounds, ratios are taken within a round, then given as min-max.
# The report (Markdown, for docs/performance.md) goes to stdout and OUT/report.md; progress to
# stderr; every tool's raw output stays in OUT.
# Usage: bench/client-tails.sh
#   env: ROUNDS=3  DURATION=10 (measured seconds)  WARMUP=5 (bin/ycsb's warmuptime)
#        SHAPES="8x1 32x1 256x1 2x4 2x16"  OPS="GET SET"  SIZES="100 1024"  RATES="0.5 0.1"
#        THREADS=$(nproc)  OUT=dir (default: a new temporary directory)  MEMTIER=path
#        QUICK=1 (a smoke run: ROUNDS=1, DURATION=2, WARMUP=1, SHAPES=8x1, OPS=GET, SIZES=100, RATES=0.5)
# The project must be built first (mvn -q -B -ntp -DskipTests package).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
rounds="${ROUNDS:-3}"
duration="${DURATION:-10}"
warmup="${WARMUP:-5}"
threads="${THREADS:-$(nproc)}"
read -r -a shapes <<<"${SHAPES:-8x1 32x1 256x1 2x4 2x16}"
read -r -a opsl <<<"${OPS:-GET SET}"
read -r -a sizes <<<"${SIZES:-100 1024}"
read -r -a rates <<<"${RATES:-0.5 0.1}"
if [ "${QUICK:-0}" = 1 ]; then rounds=1; duration=2; warmup=1; shapes=(8x1); opsl=(GET); sizes=(100); rates=(0.5); fi
for v in rounds duration warmup threads; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || { echo "bench/$(basename "$0"): ${v^^} must be a positive whole number, got '${!v}'" >&2; exit 2; }
done
for sh in "${shapes[@]}"; do
  [[ "$sh" =~ ^([1-9][0-9]*)x([1-9][0-9]*)$ ]] || { echo "bench/$(basename "$0"): SHAPES entries are CxK (connections x in flight), got '$sh'" >&2; exit 2; }
  c="${BASH_REMATCH[1]}"; t=$((threads < c ? threads : c))
  [ $((c % t)) = 0 ] || { echo "bench/$(basename "$0"): shape $sh: $c connections do not split over $t memtier threads" >&2; exit 2; }
done
for o in "${opsl[@]}"; do [[ "$o" =~ ^(GET|SET)$ ]] || { echo "bench/$(basename "$0"): OPS lists GET and/or SET, got '$o'" >&2; exit 2; }; done
for z in "${sizes[@]}"; do [[ "$z" =~ ^[1-9][0-9]*$ ]] || { echo "bench/$(basename "$0"): SIZES lists byte counts, got '$z'" >&2; exit 2; }; done
for r in "${rates[@]}"; do [[ "$r" =~ ^0?\.[0-9]+$ ]] || { echo "bench/$(basename "$0"): RATES lists shares of saturation below 1, got '$r'" >&2; exit 2; }; done
records=100000
settings="ROUNDS=$rounds DURATION=$duration WARMUP=$warmup THREADS=$threads SHAPES='${shapes[*]}' OPS='${opsl[*]}' SIZES='${sizes[*]}' RATES='${rates[*]}'${QUICK:+ QUICK=$QUICK}${MEMTIER:+ MEMTIER=$MEMTIER}"
bench_no_build=1
bench_keep="${OUT:-}"
. "$root/bench/lib/redis-bench.sh"
. "$root/bench/lib/results.sh"
results_start "$settings" "$@"
memtier="$(bench_memtier || true)"
[ -n "$memtier" ] || { echo "bench/$bench_name: memtier_benchmark not found (MEMTIER, the PATH, ../shared/tools/memtier): every comparison here is against it" >&2; exit 2; }
results="$tmp/results.tsv"
log() { echo "[$(date -u +%H:%M:%S)] $*" >&2; }
fail() { echo "bench/$bench_name: $*" >&2; exit 1; }

log "raw outputs in $tmp"
memtier_version="$("$memtier" --version 2>&1 | head -1)"
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
started="$(date -u '+%Y-%m-%d %H:%M')"
ycsb_common=(-p redis.host=127.0.0.1 -p redis.port="$port" -p redis.command_group=string
             -p fieldcount=1 -p recordcount="$records" -p insertorder=ordered)

# load SIZE: YCSB's user0..user99999 (bin/ycsb and memtier) and redis-benchmark's key:NNN, SIZE-byte values.
load() {
  local size="$1"
  log "loading $records records of $size bytes with bin/ycsb load, and redis-benchmark's $records keys"
  redis-cli -p "$port" flushall >/dev/null
  cpu_of "load-$size-ycsb" ./bin/ycsb load redis -P workloads/load "${ycsb_common[@]}" -p fieldlength="$size" \
    -threads 8 >/dev/null
  awk -F', ' -v n="$records" '$1 == "[INSERT]" && $2 == "Return=OK" { ok = $3 }
    END { if (ok != n) { print "YCSB load: " ok + 0 " of " n " OK" > "/dev/stderr"; exit 1 } }' "$tmp/load-$size-ycsb.out"
  awk -v n="$records" -v size="$size" 'BEGIN { v = sprintf("%" size "s", ""); gsub(/ /, "x", v)
    for (i = 0; i < n; i++) { k = sprintf("key:%012d", i); printf "*3\r\n$3\r\nSET\r\n$%d\r\n%s\r\n$%d\r\n%s\r\n", length(k), k, size, v } }' |
    redis-cli -p "$port" --pipe >"$tmp/load-$size-redis-benchmark.out" 2>&1 && grep -q 'errors: 0,' "$tmp/load-$size-redis-benchmark.out" ||
    fail "loading redis-benchmark's keys failed: $(tail -2 "$tmp/load-$size-redis-benchmark.out")"
  [ "$(redis-cli -p "$port" dbsize)" = $((2 * records)) ] || fail "expected $((2 * records)) keys after the load"
}

printf 'round\tsize\tshape\top\tload\trate\ttool\tops\tp50\tp99\tp999\tsecs\tcpu_us_op\n' >"$results"
# record ROUND SIZE SHAPE OP LOAD RATE TOOL OPS P50 P99 P999 SECS CPU_US_PER_OP (latencies in us)
record() {
  local IFS=$'\t'
  echo "$*" >>"$results"
  log "  $7: ops/s $8, p50 $9, p99 ${10}, p99.9 ${11} us, CPU ${13} us/op"
}
per_op() { awk -v cpu="$1" -v ops="$2" -v s="$3" 'BEGIN { printf "%.2f", (ops * s > 0) ? cpu * 1e6 / (ops * s) : 0 }'; }

# redis-benchmark -P 1 at saturation (Cx1 shapes only). p50 and p99 from its summary; it prints no
# 99.9% row, so p99.9 is the first row of its percentile distribution (halving steps: ..., 99.805%,
# 99.902%, ...) whose cumulative count reaches 99.9%: the smallest bound on p99.9 that it prints.
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
declare -A rb_n mt_ops
rb_run() {
  local round="$1" size="$2" c="$3" k="$4" op="$5" mode="$6" name cpu row ops p50 p99 p999 secs
  [ "$k" = 1 ] && [ "$mode" = sat ] || return 0
  if [ -z "${rb_n[$size-$c-$op]:-}" ]; then
    name="calibrate-$size-c$c-$op-redis-benchmark"
    cpu_of "$name" redis-benchmark -h 127.0.0.1 -p "$port" -c "$c" -n 50000 -P 1 -d "$size" -r "$records" \
      -t "${op,,}" --precision 3 >/dev/null
    row=$(rb_parse "$tmp/$name.out") || fail "could not read $tmp/$name.out"
    rb_n[$size-$c-$op]=$(awk -v t="${row%% *}" -v d="$duration" 'BEGIN { n = int(t * d / 1000 + 0.5) * 1000; print n < 1000 ? 1000 : n }')
  fi
  name="r$round-$size-${c}x$k-$op-sat-redis-benchmark"
  cpu=$(cpu_of "$name" redis-benchmark -h 127.0.0.1 -p "$port" -c "$c" -n "${rb_n[$size-$c-$op]}" -P 1 -d "$size" \
    -r "$records" -t "${op,,}" --precision 3)
  row=$(rb_parse "$tmp/$name.out") || fail "could not read $tmp/$name.out"
  read -r ops p50 p99 p999 secs <<<"$row"
  record "$round" "$size" "${c}x$k" "$op" sat - rb "$ops" "$p50" "$p99" "$p999" "$secs" "$(per_op "$cpu" "$ops" "$secs")"
}

# memtier_benchmark: T threads, C/T connections each, pipeline K, DURATION s; RATE "-" = unlimited.
mt_run() {
  local round="$1" size="$2" c="$3" k="$4" op="$5" mode="$6" rate="$7" name cpu row ratio type limit=() ops p50 p99 p999 secs t
  t=$((threads < c ? threads : c))
  if [ "$op" = GET ]; then ratio=0:1; type=Gets; else ratio=1:0; type=Sets; fi
  [ "$rate" = - ] || limit=(--rate-limiting $((rate / c)))
  name="r$round-$size-${c}x$k-$op-$mode$([ "$rate" = - ] || echo "-$rate")-memtier"
  cpu=$(cpu_of "$name" "$memtier" -s 127.0.0.1 -p "$port" -t "$t" -c $((c / t)) --pipeline "$k" --ratio "$ratio" \
    --key-pattern R:R --key-prefix user --key-minimum 1 --key-maximum $((records - 1)) -d "$size" \
    --test-time "$duration" "${limit[@]}" --hide-histogram --print-percentiles 50,99,99.9)
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
  # ops/s: the running average of its last progress line (all operations over the time they took);
  # ALL STATS' Ops/sec divides by a run time that this memtier gets wrong by about a second
  read -r secs ops <<<"$(tr '\r' '\n' <"$tmp/$name.err" |
    sed -n 's/^\[RUN #1 100%, *\([0-9][0-9]*\) secs\].*(avg: *\([0-9][0-9]*\)) ops\/sec.*/\1 \2/p' | tail -1)"
  [ -n "$ops" ] || fail "no final progress line in $tmp/$name.err"
  record "$round" "$size" "${c}x$k" "$op" "$mode" "$rate" memtier "$ops" "$p50" "$p99" "$p999" "$secs" \
    "$(per_op "$cpu" "$ops" "$secs")"
  [ "$mode" != sat ] || mt_ops[$size-$c-$k-$op]=$ops
}

# bin/ycsb run redis at shape CxK: -threads C*K, redis.connections=C when K > 1; RATE "-" = unthrottled.
ycsb_run() {
  local round="$1" size="$2" c="$3" k="$4" op="$5" mode="$6" rate="$7" name row section args
  local ops p50 p99 p999 secs warm i50 i99 i999 l50 l99 l999 cpu conns inflight
  args=(run redis -P workloads/uniform-read "${ycsb_common[@]}" -p fieldlength="$size" -p operationcount=0
        -p maxexecutiontime="$duration" -p warmuptime="$warmup" -p runner.engine.threads="$threads" -threads $((c * k)))
  [ "$k" = 1 ] || args+=(-p redis.connections="$c")
  if [ "$op" = GET ]; then section=READ; else section=UPDATE; args+=(-p readproportion=0 -p updateproportion=1); fi
  [ "$rate" = - ] || args+=(-target "$rate" -p measurement.interval=both)
  name="r$round-$size-${c}x$k-$op-$mode$([ "$rate" = - ] || echo "-$rate")-ycsb"
  cpu_of "$name" ./bin/ycsb "${args[@]}" >/dev/null
  # ops/s p50 p99 p99.9 seconds warm-up(yes/no) intended p50 p99 p99.9, send lateness p50 p99 p99.9
  # ([SCHEDULE]), CPU us/op, connections, in flight per connection; every measured operation must be
  # OK (a GET of a missing key is NOT_FOUND)
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
    $1 == "[SCHEDULE]" && $2 == "50thPercentileSendLateness(us)" { l50 = $3 }
    $1 == "[SCHEDULE]" && $2 == "99thPercentileSendLateness(us)" { l99 = $3 }
    $1 == "[SCHEDULE]" && $2 == "99.9PercentileSendLateness(us)" { l999 = $3 }
    $1 == "[CLIENT]" && $2 == "CpuPerOperation(us)" { cpu = $3 }
    $1 == "[CLIENT]" && $2 == "ConnectionsPerServer" { conns = $3 }
    $1 == "[CLIENT]" && $2 == "InFlightPerConnection" { inflight = $3 }
    END { if (n == "" || ops == "" || p999 == "" || cpu == "") exit 1
          if (ok != n) { print s " " ok + 0 " of " n " OK" > "/dev/stderr"; exit 1 }
          printf "%.0f %s %s %s %.2f %s %s %s %s %s %s %s %s %s %s\n", ops, p50, p99, p999, ms / 1000, warm ? "yes" : "no",
            i50 == "" ? "-" : i50, i99 == "" ? "-" : i99, i999 == "" ? "-" : i999,
            l50 == "" ? "-" : l50, l99 == "" ? "-" : l99, l999 == "" ? "-" : l999, cpu, conns, inflight }' "$tmp/$name.out") ||
    fail "could not read $tmp/$name.out"
  read -r ops p50 p99 p999 secs warm i50 i99 i999 l50 l99 l999 cpu conns inflight <<<"$row"
  [ "$conns" = "$c" ] && awk -v a="$inflight" -v b="$k" 'BEGIN { exit !(a + 0 == b + 0) }' ||
    fail "$name ran at $conns connections x $inflight in flight, not ${c}x$k"
  [ "$warm" = yes ] || fail "$name has no [WARMUP] section"
  record "$round" "$size" "${c}x$k" "$op" "$mode" "$rate" ycsb "$ops" "$p50" "$p99" "$p999" "$secs" "$cpu"
  if [ "$rate" != - ]; then
    [ "$i999" != - ] || fail "$tmp/$name.out has no [Intended-$section] section"
    record "$round" "$size" "${c}x$k" "$op" "$mode" "$rate" ycsb-intended "$ops" "$i50" "$i99" "$i999" "$secs" "$cpu"
    [ "$l999" != - ] || fail "$tmp/$name.out has no [SCHEDULE] section"
    record "$round" "$size" "${c}x$k" "$op" "$mode" "$rate" ycsb-late "$ops" "$l50" "$l99" "$l999" "$secs" "$cpu"
  fi
}

# The runs of one round, tools side by side; their order rotates with the round.
rotated() { # rotated OFFSET ITEM... prints the items from OFFSET on, wrapping, one a line
  local k="$1"; shift; local n=$#; local i
  for ((i = 0; i < n; i++)); do local j=$(((i + k) % n + 1)); echo "${!j}"; done
}
for size in "${sizes[@]}"; do
  load "$size"
  for ((round = 1; round <= rounds; round++)); do
    for sh in "${shapes[@]}"; do
      c="${sh%x*}"; k="${sh#*x}"
      for op in "${opsl[@]}"; do
        log "round $round/$rounds, $size B, ${c}x$k, $op: saturation"
        mapfile -t order < <(rotated $((round - 1)) rb_run mt_run ycsb_run)
        for run in "${order[@]}"; do "$run" "$round" "$size" "$c" "$k" "$op" sat -; done
        for share in "${rates[@]}"; do
          rate=$(awk -v t="${mt_ops[$size-$c-$k-$op]}" -v c="$c" -v f="$share" \
            'BEGIN { s = 25 * c; r = int(t * f / s + 0.5) * s; print r < s ? s : r }')
          log "round $round/$rounds, $size B, ${c}x$k, $op: fixed rate $rate ops/s ($share of memtier's saturation)"
          mapfile -t order < <(rotated $((round - 1)) mt_run ycsb_run)
          for run in "${order[@]}"; do "$run" "$round" "$size" "$c" "$k" "$op" "rate$share" "$rate"; done
        done
      done
    done
  done
done
load_after="$(cut -d' ' -f1-3 /proc/loadavg)"
finished="$(date -u '+%H:%M')"

# The report, from results.tsv.
{
  echo "## Client at the same shape as memtier_benchmark and redis-benchmark (\`bench/client-tails.sh\`)"
  echo
  echo "Command: \`$settings bench/client-tails.sh\`, code at commit \`$(git rev-parse --short HEAD 2>/dev/null || echo unknown)\`."
  echo "Date: $started-$finished UTC. Machine: $(bench_machine); load average $load_before before, $load_after after."
  echo "redis-server $(redis-server --version | awk '{print $3}' | sed 's/^v=//') on 127.0.0.1 (no persistence), on the same cores as the clients;"
  echo "redis-benchmark $(redis-benchmark --version 2>&1 | awk '{print $2}'); memtier_benchmark: $memtier_version."
  echo "Run lengths: $rounds round(s); memtier --test-time $duration; bin/ycsb warmuptime=$warmup s, then $duration s measured;"
  echo "redis-benchmark sized to about $duration s. Shape CxK = C connections, K operations in flight on each: bin/ycsb"
  echo "\`-threads C*K\` (plus \`-p redis.connections=C\` when K > 1; its [CLIENT] section checked to say CxK), memtier"
  echo "\`-t $threads -c C/$threads --pipeline K\`, redis-benchmark \`-c C -P 1\` (Cx1 only). R: a share of memtier's"
  echo "saturation ops/s in the same round; bin/ycsb \`-target R -p measurement.interval=both\` (\"intended\": latency from"
  echo "the schedule; \"sent late by\": how late it sent operations after their places on the schedule, its [SCHEDULE]"
  echo "section), memtier \`--rate-limiting R/C\`. CPU us/op: memtier and redis-benchmark from /proc over their"
  echo "whole run, bin/ycsb from [CLIENT] over its measured phase. redis-benchmark's p99.9 is its first percentile row at"
  echo "or above 99.9% (an upper bound). Each cell: min-max over the rounds; ratios within a round, then min-max."
  awk -F'\t' -v rounds="$rounds" '
    NR == 1 { next }
    function upd(k, v) { if (v == "-") return; if (!(k in lo) || v + 0 < lo[k]) lo[k] = v + 0; if (!(k in hi) || v + 0 > hi[k]) hi[k] = v + 0 }
    function th(x,   s, r) { s = sprintf("%.0f", x); r = ""; while (length(s) > 3) { r = "," substr(s, length(s) - 2) r; s = substr(s, 1, length(s) - 3) } return s r }
    function f(x, kind) { return kind == "ops" ? th(x) : kind == "ratio" ? sprintf("%.2f", x) : kind == "cpu" ? sprintf("%.1f", x) : sprintf("%.0f", x) }
    function rg(k, kind) { return (k in lo) ? (f(lo[k], kind) == f(hi[k], kind) ? f(lo[k], kind) : f(lo[k], kind) "-" f(hi[k], kind)) : "-" }
    function add(list, x) { if (!((list, x) in seen)) { seen[list, x] = 1; n[list]++; item[list, n[list]] = x } }
    {
      r = $1; z = $2; sh = $3; op = $4; m = $5; t = $7
      add("size", z); add("shape", sh); add("op", op); add("load", m)
      key = z SUBSEP sh SUBSEP op SUBSEP m SUBSEP t
      upd(key SUBSEP "ops", $8); upd(key SUBSEP "p50", $9); upd(key SUBSEP "p99", $10); upd(key SUBSEP "p999", $11)
      upd(key SUBSEP "cpu", $13)
      if (m != "sat") upd(z SUBSEP sh SUBSEP op SUBSEP m SUBSEP "R", $6)
      v[r, key, "ops"] = $8; v[r, key, "p99"] = $10; v[r, key, "p999"] = $11; v[r, key, "cpu"] = $13
      rounds_seen[r] = 1
    }
    function ratio(name, r, z, sh, op, m, ta, fa, tb, fb,   a, b) {
      a = r SUBSEP z SUBSEP sh SUBSEP op SUBSEP m SUBSEP ta SUBSEP fa; b = r SUBSEP z SUBSEP sh SUBSEP op SUBSEP m SUBSEP tb SUBSEP fb
      if ((a in v) && (b in v) && v[b] + 0 > 0) upd(z SUBSEP sh SUBSEP op SUBSEP name, v[a] / v[b])
    }
    END {
      label["rb"] = "redis-benchmark -P 1"; label["memtier"] = "memtier_benchmark"; label["ycsb"] = "bin/ycsb"
      label["ycsb-intended"] = "bin/ycsb, intended"; label["ycsb-late"] = "bin/ycsb, sent late by"
      split("rb memtier ycsb ycsb-intended ycsb-late", tools, " ")
      for (i = 1; i <= n["size"]; i++) for (j = 1; j <= n["shape"]; j++) for (o = 1; o <= n["op"]; o++) {
        z = item["size", i]; sh = item["shape", j]; op = item["op", o]
        for (r in rounds_seen) {
          ratio("ops-mt", r, z, sh, op, "sat", "ycsb", "ops", "memtier", "ops")
          ratio("ops-rb", r, z, sh, op, "sat", "ycsb", "ops", "rb", "ops")
          ratio("cpu-mt", r, z, sh, op, "sat", "ycsb", "cpu", "memtier", "cpu")
          for (l = 1; l <= n["load"]; l++) {
            m = item["load", l]; if (m == "sat") continue
            ratio("p99-" m, r, z, sh, op, m, "ycsb", "p99", "memtier", "p99")
            ratio("p999-" m, r, z, sh, op, m, "ycsb", "p999", "memtier", "p999")
            ratio("cpu-" m, r, z, sh, op, m, "ycsb", "cpu", "memtier", "cpu")
            ratio("ip99-" m, r, z, sh, op, m, "ycsb-intended", "p99", "memtier", "p99")
            a = r SUBSEP z SUBSEP sh SUBSEP op SUBSEP m SUBSEP "ycsb-intended" SUBSEP "p99"; b = r SUBSEP z SUBSEP sh SUBSEP op SUBSEP m SUBSEP "ycsb" SUBSEP "p99"
            if ((a in v) && (b in v)) upd(z SUBSEP sh SUBSEP op SUBSEP "bound-" m, v[a] / (2 * v[b] + 200))
          }
        }
      }
      for (i = 1; i <= n["size"]; i++) {
        z = item["size", i]
        printf "\n### %s-byte values\n\n", z
        print "| shape | op | load | client | ops/s | p50 us | p99 us | p99.9 us | CPU us/op |"
        print "|---|---|---|---|---:|---:|---:|---:|---:|"
        for (j = 1; j <= n["shape"]; j++) for (o = 1; o <= n["op"]; o++) for (l = 1; l <= n["load"]; l++) {
          sh = item["shape", j]; op = item["op", o]; m = item["load", l]
          ld = m == "sat" ? "saturation" : "R = " rg(z SUBSEP sh SUBSEP op SUBSEP m SUBSEP "R", "ops") " (" substr(m, 5) ")"
          for (t = 1; t <= 5; t++) {
            k = z SUBSEP sh SUBSEP op SUBSEP m SUBSEP tools[t]
            if (!((k SUBSEP "ops") in lo)) continue
            printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", sh, op, ld, label[tools[t]], rg(k SUBSEP "ops", "ops"),
              rg(k SUBSEP "p50"), rg(k SUBSEP "p99"), rg(k SUBSEP "p999"), rg(k SUBSEP "cpu", "cpu")
          }
        }
        printf "\nRatios, %s-byte values (per round, min-max over %d round(s)); the last column is bin/ycsb'\''s intended p99 / (2 x its p99 + 200 us), at most 1 where intended latency holds that bound:\n\n", z, rounds
        print "| shape | op | ops/s vs memtier | ops/s vs redis-benchmark | CPU/op vs memtier | load | p99 vs memtier | p99.9 vs memtier | CPU/op vs memtier at R | intended p99 vs memtier p99 | intended bound |"
        print "|---|---|---:|---:|---:|---|---:|---:|---:|---:|---:|"
        for (j = 1; j <= n["shape"]; j++) for (o = 1; o <= n["op"]; o++) {
          sh = item["shape", j]; op = item["op", o]; b = z SUBSEP sh SUBSEP op SUBSEP
          first = 1
          for (l = 1; l <= n["load"]; l++) {
            m = item["load", l]; if (m == "sat") continue
            printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", sh, op,
              first ? rg(b "ops-mt", "ratio") : "", first ? rg(b "ops-rb", "ratio") : "", first ? rg(b "cpu-mt", "ratio") : "",
              substr(m, 5) " of saturation", rg(b "p99-" m, "ratio"), rg(b "p999-" m, "ratio"), rg(b "cpu-" m, "ratio"),
              rg(b "ip99-" m, "ratio"),
              rg(b "bound-" m, "ratio")
            first = 0
          }
        }
      }
    }' "$results"
  echo
  echo "Raw outputs: $tmp (results.tsv: one row per run and round)."
} | tee "$tmp/report.md" | results_tee "$rounds round(s); each run $duration s measured, bin/ycsb after $warmup s of warm-up"
results_keep client-tails
