# Sourced by bin/test. A class-data-sharing archive of the classes bin/ycsb loads, so that the
# hundreds of short bin/ycsb runs the tests start each map their classes instead of loading and
# verifying them again (about a fifth less CPU per run). Made after the build, from the classes
# a few small runs load (the embedded store on both media, redis-string's three clients against a
# live redis-server and a refused port);
# the tests' JVMs use it through JAVA_OPTS (pom.xml, child.java.opts). A jar rebuilt after this
# no longer matches the archive: the JVM then ignores it and loads classes as usual.

# make_cds_archive ROOT ARCHIVE: writes ARCHIVE for the class path bin/ycsb builds in ROOT
make_cds_archive() {
  local root="$1" archive="$2" work lists cp
  work="$(mktemp -d)"
  lists=()
  mkdir -p "$(dirname "$archive")"
  rm -f "$archive"
  _cds_trace() {
    local name="$1"; shift
    JAVA_OPTS="-XX:DumpLoadedClassList=$work/$name.lst" "$root/bin/ycsb" "$@" >"$work/$name.out" 2>&1 || true
    [ -s "$work/$name.lst" ] && lists+=("$work/$name.lst")
  }
  _cds_ping() {
    local _
    for _ in $(seq 50); do
      redis-cli -p "$1" ping >/dev/null 2>&1 && return 0
      sleep 0.1
    done
    return 1
  }
  local small=(-p recordcount=200 -p operationcount=200 -p fieldcount=1 -p fieldlength=10)
  _cds_trace pmem load tiered -P "$root/workloads/load" "${small[@]}" -p tiered.medium=pmem -p "tiered.path=$work/pmem"
  _cds_trace disk run tiered -P "$root/workloads/uniform-read" "${small[@]}" -p tiered.medium=disk -p "tiered.path=$work/disk" -s
  # redis-string's clients on a live redis-server when there is one (bin/test installs it): a
  # run's data path, Load and run, both engines, loads about 800 classes that a refused
  # connection never reaches (a one-operation Lettuce run: 1.06 s of CPU, 1.24 s without them)
  local client engine port="" server=""
  if command -v redis-server >/dev/null; then
    port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null || true)"
  fi
  if [ -n "$port" ]; then
    redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$work" \
      --logfile "$work/redis.log" >/dev/null 2>&1 &
    server=$!
    _cds_ping "$port" || { kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; server=""; port=""; }
  fi
  for client in netty jedis lettuce; do
    if [ -n "$server" ]; then
      for engine in sync async; do
        _cds_trace "redis-$client-$engine-load" load redis-string -P "$root/workloads/workloada" "${small[@]}" \
          -p redis.host=127.0.0.1 -p "redis.port=$port" -p "redis.client=$client" -p "runner.engine=$engine"
        _cds_trace "redis-$client-$engine-run" run redis-string -P "$root/workloads/workloada" "${small[@]}" \
          -p redis.host=127.0.0.1 -p "redis.port=$port" -p "redis.client=$client" -p "runner.engine=$engine" \
          -target 2000 -s
      done
    fi
    # a port nothing listens on: the classes of a refused connection
    _cds_trace "redis-$client" run redis-string -P "$root/workloads/workloada" "${small[@]}" \
      -p redis.host=127.0.0.1 -p redis.port=1 -p "redis.client=$client"
  done
  if [ -n "$server" ]; then
    kill "$server" 2>/dev/null
    wait "$server" 2>/dev/null || true
  fi
  if [ ${#lists[@]} -gt 0 ]; then
    cp="$(YCSB_PRINT_CLASSPATH=1 "$root/bin/ycsb")"
    # lambda forms and generated classes cannot be archived statically: the dump skips them
    sort -u "${lists[@]}" | grep -v '^#' >"$work/all.lst"
    java -Xshare:dump -XX:SharedClassListFile="$work/all.lst" -XX:SharedArchiveFile="$archive" \
      -cp "$cp" >"$work/dump.out" 2>&1 || { echo "bin/test: no class-data archive (see $work/dump.out)" >&2; return 0; }
  fi
  rm -rf "$work"
}
