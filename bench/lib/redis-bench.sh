# Sourced by bench/redis-string.sh and bench/redis-async.sh: checks the tools, builds if needed,
# starts one redis-server on a free loopback port (no persistence) in a fresh temporary
# directory, and stops it and removes the directory on exit. Sets: tmp, port, server.
# cpu_of NAME COMMAND... runs a command under /usr/bin/time and prints its CPU seconds (user+sys);
# its output goes to $tmp/NAME.out and .err.
bench_name="$(basename "$0")"
command -v redis-server >/dev/null && command -v redis-benchmark >/dev/null || {
  echo "bench/$bench_name: needs redis-server and redis-benchmark (apt-get install -y redis-server)" >&2; exit 2; }
[ -f redis-string/target/ycsb-redis-string.jar ] || mvn -q -B -ntp -DskipTests package

tmp="$(mktemp -d)"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --daemonize no \
  --dir "$tmp" --logfile "$tmp/redis.log" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 50); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done

cpu_of() {
  local name="$1"; shift
  /usr/bin/time -f "%U %S" -o "$tmp/$name.time" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" || {
    echo "run $name failed:" >&2; tail -5 "$tmp/$name.err" >&2; exit 1; }
  awk '{print $1 + $2}' "$tmp/$name.time"
}
