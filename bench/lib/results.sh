# Sourced by the bench scripts whose figures docs/performance.md shows: each run writes its tables,
# with the run's provenance, to bench/results/NAME.md (or $RESULTS_DIR/NAME.md), the file the doc's
# section names and copies its tables from (docs-check's PerformanceFiguresTest compares them).
#   results_start SETTINGS "$@"   at the script's start: SETTINGS are the environment settings that
#                                 shaped the run ("ROUNDS=3 RUN=15", may be empty), "$@" its arguments;
#                                 results_env VAR... prints those of the named variables that are set.
#   REPORT | results_tee RUN_LENGTH
#                                 passes the report to stdout unchanged and makes the file: lines
#                                 command, commit, date, machine, duration and run length (RUN_LENGTH,
#                                 in words), a blank line, then the report's Markdown tables;
#   results_keep NAME             after the report's pipeline succeeded, puts the file in place (a run
#                                 that fails half way leaves the checked-in figures alone).
results_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

results_start() {
  local settings="$1"; shift
  results_command="${settings:+$settings }bench/$(basename "$0")$([ $# -eq 0 ] || printf ' %q' "$@")"
  results_commit="$(git -C "$results_root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  git -C "$results_root" diff --quiet HEAD 2>/dev/null || results_commit="$results_commit (with uncommitted changes)"
  results_began="$(date -u +%s)"
  results_pending="$(mktemp)"
}

results_env() {
  local v out=""
  for v in "$@"; do
    [ -z "${!v+set}" ] && continue
    if [[ "${!v}" =~ ^[A-Za-z0-9_./:=,@+-]*$ ]]; then out="$out${out:+ }$v=${!v}"; else out="$out${out:+ }$v='${!v}'"; fi
  done
  echo "$out"
}

results_machine() {
  local cpu
  cpu="$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
  printf '%s cores, %s, %s, %s, %s\n' "$(nproc)" "${cpu:-unknown CPU}" \
    "$(awk '/^MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)" "$(uname -sr)" \
    "$(java -version 2>&1 | head -1)"
}

results_tee() {
  local run_length="$1" report ended secs
  report="$(mktemp)"
  tee "$report"
  ended="$(date -u +%s)"; secs=$((ended - results_began))
  {
    echo "command: $results_command"
    echo "commit: $results_commit"
    echo "date: $(date -u -d "@$results_began" '+%Y-%m-%d %H:%M')-$(date -u -d "@$ended" '+%H:%M') UTC"
    echo "machine: $(results_machine); load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "duration: $((secs / 60)) min $((secs % 60)) s"
    echo "run length: ${run_length:-unknown}"
    echo
    awk '/^\|/ { if (gap && n) print ""; print; n++; gap = 0; next } { gap = 1 }' "$report"
  } >"$results_pending"
  rm -f "$report"
}

results_keep() {
  local dir="${RESULTS_DIR:-$results_root/bench/results}"
  mkdir -p "$dir"
  mv "$results_pending" "$dir/$1.md"
  echo "bench/$(basename "$0"): tables and provenance in $dir/$1.md" >&2
}
