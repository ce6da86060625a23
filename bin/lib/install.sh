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
  check_jdk "$who"
}

# The build needs Java 17 or later (javac --release 17); an older JDK would fail late, in the build.
check_jdk() {
  local who="$1" version major
  version="$(javac -version 2>&1 | awk '{print $2}')"
  major="${version%%.*}"
  [ "$major" = 1 ] && major="$(echo "$version" | cut -d. -f2)"
  if ! [[ "$major" =~ ^[0-9]+$ ]] || [ "$major" -lt 17 ]; then
    echo "$who: needs a JDK 17 or later, found javac '${version:-none}'; install openjdk-17-jdk-headless (Debian) or set JAVA_HOME and PATH to a newer JDK" >&2
    exit 2
  fi
}

# The embedded store's pmem tier writes its LMDB file on /dev/shm (tmpfs, standing in for a DAX
# device): check that it has room for what the caller is about to write (in MB).
check_shm() {
  local who="$1" need_mb="$2" free_mb
  [ -d /dev/shm ] || { echo "$who: /dev/shm is missing; the pmem tier needs a tmpfs there (or pass tiered.path of one)" >&2; exit 2; }
  free_mb="$(df -Pm /dev/shm | awk 'NR==2 {print $4}')"
  if [ -n "$free_mb" ] && [ "$free_mb" -lt "$need_mb" ]; then
    echo "$who: /dev/shm has ${free_mb} MB free, the pmem tier needs about ${need_mb} MB; enlarge it (docker run --shm-size=512m, or mount -o remount,size=512m /dev/shm)" >&2
    exit 2
  fi
}
