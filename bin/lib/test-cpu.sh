# Sourced by bin/test. Prints the test classes that used the most CPU (the test JVM's own and
# that of the processes it started: bin/ycsb, redis-server), from the target/test-cpu.tsv files
# that test-harness's ClassCpuListener writes. The suite is bound by CPU on 2 cores, so this is
# the list to read before making it faster.
print_test_cpu() {
  local root="$1" top="${2:-20}"
  local files=("$root"/*/target/test-cpu.tsv)
  [ -e "${files[0]}" ] || return 0
  echo "bin/test: CPU seconds by test class (own + started processes; wall seconds), top $top:"
  cat "${files[@]}" | awk -F'\t' '{ cpu = $3 + $4; total += cpu; printf "%8.1f %8.1f  %s\n", cpu, $2, $1 }' \
    | sort -rn | head -n "$top"
  cat "${files[@]}" | awk -F'\t' '{ total += $3 + $4 } END { printf "%8.1f in all\n", total }'
}
