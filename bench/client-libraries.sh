#!/usr/bin/env bash
# bench/client-libraries.sh: the redis binding's own RESP client (redis.client=netty, the async
# engine's default on a standalone server) beside Lettuce (redis.client=lettuce) on the same
# engine, at the same shape, side by side in each round, against one redis-server that it starts
# on a free loopback port (127.0.0.1 only) and stops. Why the binding has a client of its own:
# this measures whether Lettuce's cost per command is what the binding spends beyond the system
# calls.
# Shapes (SHAPES, "CxK": C connections, K operations in flight on each): bin/ycsb -threads C*K,
# plus -p redis.connections=C when K > 1; both clients on runner.engine=async with
# runner.engine.threads=THREADS. For each shape and op (GET: workloads/uniform-read; SET: its run
# phase with updateproportion=1, one SET per update of a one-field record), 100-byte values over
# 100,000 keys: saturation, then a fixed rate of RATE x the lower of the two clients' saturation
# in that round (-target, -p measurement.interval=both: intended latency from the schedule).
# Each run warms up WARMUP seconds ([WARMUP]) and measures DURATION seconds. CPU us/op is the
# [CLIENT] section's CpuPerOperation (the JVM's CPU time over the measured phase). Ratios are
# netty / lettuce within a round, then min-max over ROUNDS rounds; the clients' order alternates.
# Usage: bench/client-libraries.sh
#   env: ROUNDS=3 DURATION=5 WARMUP=5 THREADS=$(nproc) SHAPES="8x1 32x1 2x16" OPS="GET SET" RATE=0.5
#        OUT=dir (default: a new temporary directory)
# The project must be built first (mvn -q -B -ntp -DskipTests package).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
rounds="${ROUNDS:-3}"
duration="${DURATION:-5}"
warmup="${WARMUP:-5}"
threads="${THREADS:-$(nproc)}"
rate_share="${RATE:-0.5}"
read -r -a shapes <<<"${SHAPES:-8x1 32x1 2x16}"
read -r -a opsl <<<"${OPS:-GET SET}"
for v in rounds duration warmup threads; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || { echo "bench/$(basename "$0"): ${v^^} must be a positive whole number, got '${!v}'" >&2; exit 2; }
done
[[ "$rate_share" =~ ^0?\.[0-9]+$ ]] || { echo "bench/$(basename "$0"): RATE is a share of saturation below 1, got '$rate_share'" >&2; exit 2; }
for sh in "${shapes[@]}"; do
  [[ "$sh" =~ ^[1-9][0-9]*x[1-9][0-9]*$ ]] || { echo "bench/$(basename "$0"): SHAPES entries are CxK, got '$sh'" >&2; exit 2; }
done
for o in "${opsl[@]}"; do [[ "$o" =~ ^(GET|SET)$ ]] || { echo "bench/$(basename "$0"): OPS lists GET and/or SET, got '$o'" >&2; exit 2; }; done
records=100000
settings="ROUNDS=$rounds DURATION=$duration WARMUP=$warmup THREADS=$threads SHAPES='${shapes[*]}' OPS='${opsl[*]}' RATE=$rate_share"
bench_no_build=1
bench_keep="${OUT:-}"
. "$root/bench/lib/redis-bench.sh"
. "$root/bench/lib/results.sh"
results_start "$settings" "$@"
results="$tmp/results.tsv"
log() { echo "[$(date -u +%H:%M:%S)] $*" >&2; }
fail() { echo "bench/$bench_name: $*" >&2; exit 1; }
started="$(date -u '+%Y-%m-%d %H:%M')"
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
common=(-p redis.host=127.0.0.1 -p redis.port="$port" -p redis.command_group=string -p fieldcount=1
        -p fieldlength=100 -p recordcount="$records" -p insertorder=ordered)

log "raw outputs in $tmp; loading $records records"
./bin/ycsb load redis -P workloads/load "${common[@]}" -threads 8 >"$tmp/load.out" 2>"$tmp/load.err" ||
  fail "load failed: $(tail -2 "$tmp/load.err")"
[ "$(redis-cli -p "$port" dbsize)" = "$records" ] || fail "expected $records keys after the load"

printf 'round\tshape\top\tload\tclient\tops\tp50\tp99\tp999\tip99\tcpu\n' >"$results"
# run ROUND C K OP LOAD CLIENT RATE: one bin/ycsb run; appends its row; prints its ops/s
run() {
  local round="$1" c="$2" k="$3" op="$4" load="$5" client="$6" rate="$7" name section args row
  args=(run redis -P workloads/uniform-read "${common[@]}" -p operationcount=0 -p maxexecutiontime="$duration"
        -p warmuptime="$warmup" -p runner.engine=async -p runner.engine.threads="$threads"
        -p redis.client="$client" -threads $((c * k)))
  [ "$k" = 1 ] || args+=(-p redis.connections="$c")
  if [ "$op" = GET ]; then section=READ; else section=UPDATE; args+=(-p readproportion=0 -p updateproportion=1); fi
  [ "$rate" = - ] || args+=(-target "$rate" -p measurement.interval=both)
  name="r$round-${c}x$k-$op-$load-$client"
  ./bin/ycsb "${args[@]}" >"$tmp/$name.out" 2>"$tmp/$name.err" || fail "$name failed: $(tail -2 "$tmp/$name.err")"
  row=$(awk -F', ' -v s="[$section]" -v i="[Intended-$section]" -v want="$c" '
    $1 == "[OVERALL]" && $2 == "Throughput(ops/sec)" { ops = $3 }
    $1 ~ /^\[WARMUP/ { warm = 1 }
    $1 == s && $2 == "Operations" { n = $3 }
    $1 == s && $2 == "Return=OK" { ok = $3 }
    $1 == s && $2 == "50thPercentileLatency(us)" { p50 = $3 }
    $1 == s && $2 == "99thPercentileLatency(us)" { p99 = $3 }
    $1 == s && $2 == "99.9PercentileLatency(us)" { p999 = $3 }
    $1 == i && $2 == "99thPercentileLatency(us)" { ip99 = $3 }
    $1 == "[CLIENT]" && $2 == "CpuPerOperation(us)" { cpu = $3 }
    $1 == "[CLIENT]" && $2 == "ConnectionsPerServer" { conns = $3 }
    END { if (n == "" || cpu == "" || !warm || conns != want || ok != n) exit 1
          printf "%.0f\t%s\t%s\t%s\t%s\t%s\n", ops, p50, p99, p999, ip99 == "" ? "-" : ip99, cpu }' "$tmp/$name.out") ||
    fail "$name: no warm-up, not $c connections, an operation not OK or no [CLIENT] section (see $tmp/$name.out)"
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "${c}x$k" "$op" "$load" "$client" "$row" >>"$results"
  log "  $client: $(echo "$row" | awk -F'\t' '{ printf "ops/s %s, p50 %s, p99 %s, p99.9 %s, intended p99 %s us, CPU %s us/op", $1, $2, $3, $4, $5, $6 }')"
  echo "$row" | cut -f1
}

for ((round = 1; round <= rounds; round++)); do
  if [ $((round % 2)) = 1 ]; then order=(netty lettuce); else order=(lettuce netty); fi
  for sh in "${shapes[@]}"; do
    c="${sh%x*}"; k="${sh#*x}"
    for op in "${opsl[@]}"; do
      log "round $round/$rounds, ${c}x$k, $op: saturation"
      lowest=""
      for client in "${order[@]}"; do
        ops=$(run "$round" "$c" "$k" "$op" sat "$client" -)
        [ -z "$lowest" ] || [ "$ops" -lt "$lowest" ] && lowest="$ops"
      done
      rate=$(awk -v t="$lowest" -v f="$rate_share" 'BEGIN { r = int(t * f / 100 + 0.5) * 100; print r < 100 ? 100 : r }')
      log "round $round/$rounds, ${c}x$k, $op: $rate ops/s ($rate_share of the lower saturation)"
      for client in "${order[@]}"; do run "$round" "$c" "$k" "$op" rate "$client" "$rate" >/dev/null; done
    done
  done
done
finished="$(date -u '+%H:%M')"
load_after="$(cut -d' ' -f1-3 /proc/loadavg)"

{
  echo "## The binding's own client beside Lettuce (\`bench/client-libraries.sh\`)"
  echo
  echo "Command: \`$settings bench/client-libraries.sh\`, code at commit \`$(git rev-parse --short HEAD 2>/dev/null || echo unknown)\`."
  echo "Date: $started-$finished UTC. Machine: $(bench_machine); load average $load_before before, $load_after after."
  echo "redis-server $(redis-server --version | awk '{print $3}' | sed 's/^v=//') on 127.0.0.1 (no persistence), on the same cores as the client."
  echo "Run lengths: $rounds round(s); each run warmuptime=$warmup s, then $duration s measured. Both clients on runner.engine=async"
  echo "with runner.engine.threads=$threads; shape CxK = \`-threads C*K\` (plus \`-p redis.connections=C\` when K > 1), checked in"
  echo "[CLIENT]. Fixed rate: $rate_share x the lower saturation ops/s of the two in that round. Each cell: min-max over the"
  echo "rounds; ratios netty / lettuce within a round, then min-max."
  echo
  awk -F'\t' '
    NR == 1 { next }
    function upd(k, x) { if (x == "-") return; if (!(k in lo) || x + 0 < lo[k]) lo[k] = x + 0; if (!(k in hi) || x + 0 > hi[k]) hi[k] = x + 0 }
    function f(x, d) { return sprintf("%." d "f", x) }
    function rg(k, d) { return (k in lo) ? (f(lo[k], d) == f(hi[k], d) ? f(lo[k], d) : f(lo[k], d) "-" f(hi[k], d)) : "-" }
    function add(list, x) { if (!((list, x) in seen)) { seen[list, x] = 1; n[list]++; item[list, n[list]] = x } }
    {
      key = $2 SUBSEP $3 SUBSEP $4 SUBSEP $5; add("row", $2 SUBSEP $3 SUBSEP $4)
      upd(key SUBSEP "ops", $6); upd(key SUBSEP "p50", $7); upd(key SUBSEP "p99", $8); upd(key SUBSEP "p999", $9)
      upd(key SUBSEP "ip99", $10); upd(key SUBSEP "cpu", $11)
      v[$1, key, "ops"] = $6; v[$1, key, "p99"] = $8; v[$1, key, "ip99"] = $10; v[$1, key, "cpu"] = $11; rounds[$1] = 1
    }
    END {
      print "| shape | op | load | client | ops/s | p50 us | p99 us | p99.9 us | intended p99 us | CPU us/op |"
      print "|---|---|---|---|---:|---:|---:|---:|---:|---:|"
      for (i = 1; i <= n["row"]; i++) {
        split(item["row", i], p, SUBSEP)
        for (cl = 1; cl <= 2; cl++) {
          c = cl == 1 ? "netty" : "lettuce"; k = item["row", i] SUBSEP c
          printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", p[1], p[2], p[3] == "sat" ? "saturation" : "fixed rate",
            c, rg(k SUBSEP "ops", 0), rg(k SUBSEP "p50", 0), rg(k SUBSEP "p99", 0), rg(k SUBSEP "p999", 0), rg(k SUBSEP "ip99", 0),
            rg(k SUBSEP "cpu", 1)
        }
        for (r in rounds) {
          a = r SUBSEP item["row", i] SUBSEP "netty"; b = r SUBSEP item["row", i] SUBSEP "lettuce"
          split("ops p99 ip99 cpu", ms, " ")
          for (j = 1; j <= 4; j++) if (((a, ms[j]) in v) && ((b, ms[j]) in v) && v[a, ms[j]] != "-" && v[b, ms[j]] + 0 > 0)
            upd(item["row", i] SUBSEP "r" ms[j], v[a, ms[j]] / v[b, ms[j]])
        }
      }
      print ""
      print "Ratios netty / lettuce (per round, then min-max):"
      print ""
      print "| shape | op | load | ops/s | p99 | intended p99 | CPU us/op |"
      print "|---|---|---|---:|---:|---:|---:|"
      for (i = 1; i <= n["row"]; i++) {
        split(item["row", i], p, SUBSEP); k = item["row", i]
        printf "| %s | %s | %s | %s | %s | %s | %s |\n", p[1], p[2], p[3] == "sat" ? "saturation" : "fixed rate",
          rg(k SUBSEP "rops", 2), rg(k SUBSEP "rp99", 2), rg(k SUBSEP "rip99", 2), rg(k SUBSEP "rcpu", 2)
      }
    }' "$results"
  echo
  echo "Raw outputs: $tmp (results.tsv: one row per run)."
} | tee "$tmp/report.md" | results_tee "$rounds round(s); each run $duration s measured after $warmup s of warm-up"
results_keep client-libraries
