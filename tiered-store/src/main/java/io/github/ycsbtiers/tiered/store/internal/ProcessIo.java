package io.github.ycsbtiers.tiered.store.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The bytes this process has read from block devices ({@code read_bytes} of {@code /proc/self/io}). */
public final class ProcessIo {
  private static final Path IO = Path.of("/proc/self/io");

  private ProcessIo() {
  }

  /** {@code read_bytes} now, or -1 where the kernel does not give it. */
  public static long readBytes() {
    try {
      for (String line : Files.readAllLines(IO)) {
        if (line.startsWith("read_bytes:")) {
          return Long.parseLong(line.substring("read_bytes:".length()).trim());
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux, or /proc not mounted: reported as unknown
    }
    return -1;
  }
}
