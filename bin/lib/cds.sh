# Sourced by bin/test. A class-data-sharing archive of the classes bin/ycsb loads, so that the
# hundreds of short bin/ycsb runs the tests start each map their classes instead of loading and
# verifying them again (about a fifth less CPU per run). Made after the build, from the classes
# a few small runs load (the embedded store on both media, redis-string's three clients, a merge);
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
  local small=(-p recordcount=200 -p operationcount=200 -p fieldcount=1 -p fieldlength=10)
  _cds_trace pmem load tiered -P "$root/workloads/load" "${small[@]}" -p tiered.medium=pmem -p "tiered.path=$work/pmem"
  _cds_trace disk run tiered -P "$root/workloads/uniform-read" "${small[@]}" -p tiered.medium=disk -p "tiered.path=$work/disk" -s
  # a port nothing listens on: the clients' classes load, the run fails at its first connection
  local client
  for client in netty jedis lettuce; do
    _cds_trace "redis-$client" run redis-string -P "$root/workloads/workloada" "${small[@]}" \
      -p redis.host=127.0.0.1 -p redis.port=1 -p "redis.client=$client"
  done
  if [ ${#lists[@]} -gt 0 ]; then
    cp="$(YCSB_PRINT_CLASSPATH=1 "$root/bin/ycsb")"
    # lambda forms and generated classes cannot be archived statically: the dump skips them
    sort -u "${lists[@]}" | grep -v '^#' >"$work/all.lst"
    java -Xshare:dump -XX:SharedClassListFile="$work/all.lst" -XX:SharedArchiveFile="$archive" \
      -cp "$cp" >"$work/dump.out" 2>&1 || { echo "bin/test: no class-data archive (see $work/dump.out)" >&2; return 0; }
  fi
  rm -rf "$work"
}
