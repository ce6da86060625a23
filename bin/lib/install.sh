# Sourced by bin/demo and bin/test: installs, from Debian's packages, what a fresh machine lacks.
# apt-get update runs once, and only when something is missing.

need() { command -v "$1" >/dev/null 2>&1; }

apt_updated=""
apt_install() {
  [ -n "$apt_updated" ] || { apt-get update -qq; apt_updated=1; }
  apt-get install -y -qq "$@" >/dev/null
}

# A JDK and Maven build the project; the suite's charts render text, and the JDK finds fonts
# through fontconfig.
install_build_tools() {
  local who="$1" missing=()
  { need java && need mvn; } || missing+=(openjdk-17-jdk-headless maven)
  need fc-list || missing+=(fontconfig fonts-dejavu-core)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "$who: installing ${missing[*]} (Debian packages)" >&2
    apt_install "${missing[@]}"
  fi
}
