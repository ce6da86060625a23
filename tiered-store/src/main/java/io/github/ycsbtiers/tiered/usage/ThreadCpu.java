package io.github.ycsbtiers.tiered.usage;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The CPU time of this process's threads, by thread, named by {@code comm} (the thread's name, cut
 * to 15 characters: Java gives its threads' names to the system): from
 * {@code /proc/self/task/<tid>/schedstat} (its first field, nanoseconds on a CPU, as the scheduler
 * counts them), or where the kernel has no schedstat from {@code stat}'s user plus system time in
 * clock ticks of 10 ms (Linux's {@code USER_HZ}, 100 on every architecture it supports), which the
 * kernel apportions by sampling. A thread that ended between two readings takes its time with it.
 */
final class ThreadCpu {
  static final long TICK_NANOS = 10_000_000L;
  private static final Path TASKS = Path.of("/proc/self/task");

  private ThreadCpu() {
  }

  /** One thread's name and CPU time so far. */
  record Ticks(String name, long nanos) {
  }

  /** The threads whose name {@code wanted} accepts, by thread id; null when {@code /proc} cannot be read. */
  static Map<Integer, Ticks> read(Predicate<String> wanted) {
    Map<Integer, Ticks> out = new HashMap<>();
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
      for (Path task : tasks) {
        try {
          String name = Files.readString(task.resolve("comm")).trim();
          if (wanted.test(name)) {
            long nanos = nanos(task);
            if (nanos >= 0) {
              out.put(Integer.parseInt(task.getFileName().toString()), new Ticks(name, nanos));
            }
          }
        } catch (NoSuchFileException ended) {
          // the thread ended while the directory was read
        }
      }
    } catch (IOException | RuntimeException e) {
      return null;
    }
    return out;
  }

  private static long nanos(Path task) throws IOException {
    Path schedstat = task.resolve("schedstat");
    if (Files.exists(schedstat)) {
      long onCpu = onCpuNanos(Files.readString(schedstat));
      if (onCpu >= 0) {
        return onCpu;
      }
    }
    long ticks = ticks(Files.readString(task.resolve("stat")));
    return ticks < 0 ? -1 : ticks * TICK_NANOS;
  }

  /** The first field of a {@code schedstat} line: nanoseconds on a CPU; -1 when it is not a number. */
  static long onCpuNanos(String schedstat) {
    String[] f = schedstat.trim().split("\\s+");
    try {
      return Long.parseLong(f[0]);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /**
   * utime + stime of one {@code stat} line; -1 when it is not in that format. The name, in
   * parentheses, may hold spaces and parentheses: the fields are counted from the last ')'.
   */
  static long ticks(String stat) {
    int close = stat.lastIndexOf(')');
    if (close < 0) {
      return -1;
    }
    String[] f = stat.substring(close + 1).trim().split("\\s+");
    // f[0] is field 3 (state): utime is field 14, stime field 15
    if (f.length < 13) {
      return -1;
    }
    try {
      return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
