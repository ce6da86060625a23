package io.github.ycsbtiers.testing.cpu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** This JVM's CPU and its reaped children's, from {@code /proc/self/stat} (Linux). */
final class ProcessCpu {
  /** Clock ticks per second of /proc's times; 100 on every Linux the project runs on. */
  private static final double TICKS = 100.0;
  private static final Path STAT = Path.of("/proc/self/stat");

  record Sample(long nanoTime, double ownSeconds, double childrenSeconds) {}

  private ProcessCpu() {}

  static boolean available() {
    return Files.isReadable(STAT);
  }

  static Sample sample() {
    String stat;
    try {
      stat = Files.readString(STAT);
    } catch (IOException e) {
      return new Sample(System.nanoTime(), 0, 0);
    }
    // the command name is in parentheses and may hold spaces; the fields after it are numbers:
    // state(3) ... utime(14) stime(15) cutime(16) cstime(17)
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    long utime = Long.parseLong(f[11]);
    long stime = Long.parseLong(f[12]);
    long cutime = Long.parseLong(f[13]);
    long cstime = Long.parseLong(f[14]);
    return new Sample(System.nanoTime(), (utime + stime) / TICKS, (cutime + cstime) / TICKS);
  }
}
