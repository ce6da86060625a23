package io.github.ycsbtiers.testing.powercut;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads /proc/self/mountinfo. */
final class MountTable {
  private static final Path MOUNTINFO = Path.of("/proc/self/mountinfo");

  private MountTable() {
  }

  /** True while a powercutfs is mounted at {@code mountPoint} (a real path). */
  static boolean isMounted(Path mountPoint) {
    String wanted = mountPoint.toString().replace("\\", "\\134").replace(" ", "\\040")
        .replace("\t", "\\011").replace("\n", "\\012");
    try {
      for (String line : Files.readAllLines(MOUNTINFO, StandardCharsets.UTF_8)) {
        String[] f = line.split(" ");
        int dash = line.indexOf(" - ");
        if (f.length > 4 && f[4].equals(wanted) && dash > 0
            && line.substring(dash + 3).startsWith(PowerCutFs.TYPE + " ")) {
          return true;
        }
      }
      return false;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + MOUNTINFO, e);
    }
  }
}
