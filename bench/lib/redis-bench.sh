# Sourced by bench/redis-string.sh, bench/redis-async.sh and bench/client-tails.sh: checks the
# tools, builds if needed, starts one redis-server on a free loopback port (no persistence) in a
# fresh temporary directory, and stops it and removes the directory on exit. Sets: tmp, port,
# server.
# Set before sourcing:
#   bench_no_build=1  refuse (exit 2) when the project is not built instead of building it;
#   bench_keep=DIR    keep the outputs: tmp is DIR (created; empty: a fresh temporary directory)
#                     and stays after exit; the server's files go to $tmp/redis-server.
# cpu_of NAME COMMAND... runs a command under /usr/bin/time and prints its CPU seconds (user+sys);
# its output goes to $tmp/NAME.out and .err.
# bench_machine prints "N cores, CPU model, java version".
# bench_memtier prints the memtier_benchmark to use: $MEMTIER when set, else memtier_benchmark on
# the PATH, else ../shared/tools/memtier/memtier_benchmark from the project root ($root); nothing
# (status 1) when that one is missing.
bench_name="$(basename "$0")"
command -v redis-server >/dev/null && command -v redis-benchmark >/dev/null && command -v redis-cli >/dev/null || {
  echo "bench/$bench_name: needs redis-server, redis-cli and redis-benchmark (apt-get install -y redis-server)" >&2; exit 2; }
if [ ! -f redis-string/target/ycsb-redis-string.jar ] || [ ! -f runner/target/ycsb-runner.jar ]; then
  if [ "${bench_no_build:-0}" = 1 ]; then
    echo "bench/$bench_name: the project is not built; build it first: mvn -q -B -ntp -DskipTests package" >&2; exit 2
  fi
  mvn -q -B -ntp -DskipTests package
fi

if [ -n "${bench_keep+set}" ]; then
  if [ -n "$bench_keep" ]; then mkdir -p "$bench_keep"; tmp="$(cd "$bench_keep" && pwd)"; else tmp="$(mktemp -d)"; fi
  server_dir="$tmp/redis-server"; mkdir -p "$server_dir"
  cleanup_dir=""
else
  tmp="$(mktemp -d)"; server_dir="$tmp"; cleanup_dir="$tmp"
fi
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --daemonize no \
  --dir "$server_dir" --logfile "$server_dir/redis.log" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; [ -z "$cleanup_dir" ] || rm -rf "$cleanup_dir"' EXIT
for _ in $(seq 50); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done
redis-cli -p "$port" ping >/dev/null 2>&1 || { echo "bench/$bench_name: redis-server did not start on port $port" >&2; exit 1; }

cpu_of() {
  local name="$1"; shift
  /usr/bin/time -f "%U %S" -o "$tmp/$name.time" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" || {
    echo "run $name failed:" >&2; tail -5 "$tmp/$name.err" >&2; exit 1; }
  awk '{print $1 + $2}' "$tmp/$name.time"
}

bench_machine() {
  echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(java -version 2>&1 | head -1)"
}

bench_memtier() {
  local m
  if [ -n "${MEMTIER:-}" ]; then
    m="$(command -v "$MEMTIER" || true)"
  else
    m="$(command -v memtier_benchmark || true)"
    [ -n "$m" ] || m="$root/../shared/tools/memtier/memtier_benchmark"
  fi
  [ -n "$m" ] && [ -x "$m" ] && echo "$m"
}
