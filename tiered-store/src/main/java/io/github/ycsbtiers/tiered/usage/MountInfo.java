package io.github.ycsbtiers.tiered.usage;

/**
 * {@code /proc/self/mountinfo}: {@code id parent major:minor root mount-point options [tags] - type
 * source super-options} per line, with spaces and the like in paths escaped as octal.
 */
final class MountInfo {
  private MountInfo() {
  }

  /** The source (such as {@code /dev/nvme0n1p2}) of the mount that holds {@code path}: the longest mount point above it. */
  static String sourceOf(String mountinfo, String path) {
    String best = null;
    int bestLength = -1;
    for (String line : mountinfo.split("\n")) {
      String[] f = line.trim().split(" ");
      int dash = java.util.Arrays.asList(f).indexOf("-");
      if (f.length < 5 || dash < 0 || dash + 2 >= f.length) {
        continue;
      }
      String point = unescape(f[4]);
      boolean holds = path.equals(point) || path.startsWith(point.endsWith("/") ? point : point + "/");
      if (holds && point.length() >= bestLength) {
        best = unescape(f[dash + 2]);
        bestLength = point.length();
      }
    }
    return best;
  }

  private static String unescape(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 4 <= s.length()) {
        try {
          b.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
          i += 3;
          continue;
        } catch (NumberFormatException e) {
          // not an escape: keep the backslash
        }
      }
      b.append(c);
    }
    return b.toString();
  }
}
